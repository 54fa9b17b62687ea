"""Pure core (no pygame): game interfaces, the Session mid end, grids, topology, randomness, registry."""
