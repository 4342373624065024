"""Whose place and time a Stellarium view was set to: said in every answer that opens a view."""

PLACE_SOURCES = {
    "plan": "from your plan",
    "session": "the place you gave",
    "profile": "your usual location from the profile",
    "stellarium": "Stellarium's own location",
}
