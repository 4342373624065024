"""The planning engine: place, time, equipment, weather, ephemerides, sky brightness, scoring.

Pure domain logic: no UI or agent framework imports. The engine computes positions with ERFA
(pyerfa, Astropy's own binding) and does not import Astropy at run time, which keeps a cold
``singularity plan`` fast; code that does import Astropy imports
``singularity.planning.astropy_offline`` first so that Astropy never reaches for the network.
"""
