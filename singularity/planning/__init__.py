"""The planning engine: place, time, equipment, weather, ephemerides, sky brightness, scoring.

Pure domain logic: no UI or agent framework imports. Importing this package switches Astropy
to offline operation (DESIGN.md): the bundled IERS tables reach to late 2027 and nothing here
may open a socket.
"""

from astropy.utils import iers as _iers
from astropy.utils.data import conf as _data_conf

_iers.conf.auto_download = False
_iers.conf.auto_max_age = None
_iers.conf.iers_degraded_accuracy = "warn"
_data_conf.allow_internet = False
