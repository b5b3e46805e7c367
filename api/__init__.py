"""ubongo-lab: Ubongo puzzles solved, verified, hinted, generated and printed; games scored."""
