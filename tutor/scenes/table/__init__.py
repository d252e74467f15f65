"""The parts of the practice table scene (``tutor/scenes/practice.py``).

The scene is thin: it owns the widgets and the clock, and routes each event, frame and
drawing to the controller of the table's phase and to the view covering the trick:

- ``declaring``: the deal and the declarations (declare buttons, the caption of the
  declaration standing, an override's flash);
- ``burying``: the dealer's 8 cards (the picked-up cards marked, the coach's burial);
- ``playing``: the tricks (the learner's plays, hints, undo, the trick's corner);
- ``hand_over``: the kitty turned up, then the hand summary;
- ``overlays``: what covers the trick for a moment (the previous trick, the kitty) and
  the card counter beside the coach;
- ``flights``: cards in motion; ``autopilot``: the learner's seat played by its AI
  through synthetic clicks; ``layout``: where everything goes; ``timing``: the pace.

None of these modules is a scene, and none imports a scene module.
"""
