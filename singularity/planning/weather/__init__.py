"""Weather for the observing planner: Open-Meteo or OpenWeatherMap, one verdict for a window."""

from singularity.planning.weather.check import check_weather
from singularity.planning.weather.providers import Provider, choose_provider
from singularity.planning.weather.samples import Forecast, WeatherSample, magnus_dew_point_c
from singularity.planning.weather.verdict import WeatherNumbers, WeatherVerdict, assess

__all__ = [
    "Forecast",
    "Provider",
    "WeatherNumbers",
    "WeatherSample",
    "WeatherVerdict",
    "assess",
    "check_weather",
    "choose_provider",
    "magnus_dew_point_c",
]
