"""Import before Astropy is used: no IERS auto-download, no internet access (docs/decisions.md).

The bundled IERS tables (astropy-iers-data) reach to late 2027, which is all the accuracy the
planner needs; anything else Astropy would fetch must fail loudly instead of hanging offline.
"""

from astropy.utils import iers
from astropy.utils.data import conf as data_conf

iers.conf.auto_download = False
iers.conf.auto_max_age = None
iers.conf.iers_degraded_accuracy = "warn"
data_conf.allow_internet = False
