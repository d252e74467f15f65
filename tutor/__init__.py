"""Shengji Tutor: the pygame-ce app (scenes, table, lessons, coach)."""
