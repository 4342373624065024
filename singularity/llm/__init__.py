"""Language models for the agents: providers per role and the check that a model truly calls tools."""
