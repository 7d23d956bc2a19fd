"""Generation steps, one small module each, run by a game in this order:

first_area (place the first area) → grow (grow from open exits, joining
passages that meet as it goes) → settle_doors (give every door left open a
place) → way_down (make sure of a way down) → link_levels (point every way
down at the level below). Each step changes a Level and its Grid in place.

A level a mapper draws door by door against shared walls is grown by
explore instead of first_area, grow and settle_doors.
"""
