"""Shared map geometry: grids, areas, placement and drawing, for every game's dungeons."""
