"""Which deep-sky objects get a card. The objects themselves, with their names and facts, are
the runtime's (:mod:`singularity.planning.objects`).

Selection, in this order and deterministic:
    1. every Messier object (110; M102 as NGC 5866, see ``object_names.yaml``);
    2. every other object with a common name that is brighter than magnitude
       ``NAMED_MAX_MAGNITUDE`` or has no magnitude in OpenNGC (famous large objects such as the
       Hyades or the Jewel Box lack one), brightest first;
    3. the brightest remaining NGC/IC objects until ``DEEP_SKY_CARDS`` cards exist; single or
       double stars and chance asterisms that happen to carry an NGC number are skipped.
"""

from __future__ import annotations

from singularity.planning.objects import DeepSkyObject, load_objects

DEEP_SKY_CARDS = 320
NAMED_MAX_MAGNITUDE = 12.0
FILLER_SKIPPED_FAMILIES = frozenset({"double_star", "asterism"})


def select_objects() -> list[DeepSkyObject]:
    """The card selection (module docstring), Messier objects first."""
    pool = load_objects()
    messier = sorted((o for o in pool if o.messier), key=lambda o: o.messier or 0)
    named = sorted(
        (o for o in pool if not o.messier and o.names
         and (o.magnitude is None or o.magnitude <= NAMED_MAX_MAGNITUDE)),
        key=lambda o: (o.magnitude is None, o.magnitude or 0.0, o.primary),
    )
    chosen = messier + named
    taken = {o.primary for o in chosen}
    filler = sorted(
        (o for o in pool if o.primary not in taken and o.magnitude is not None
         and o.ngc_or_ic and o.family not in FILLER_SKIPPED_FAMILIES),
        key=lambda o: (o.magnitude, o.primary),
    )
    return chosen + filler[: max(0, DEEP_SKY_CARDS - len(chosen))]
