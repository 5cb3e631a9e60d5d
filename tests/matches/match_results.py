"""Reading a match's kept results, shared by the match scripts of this folder."""
import json


def games_of(path):
    """game number -> (black, white, moves, winner) from a results.jsonl."""
    out = {}
    with open(path) as f:
        for line in f:
            g = json.loads(line)
            out[g["game"]] = (g["black"], g["white"], g["moves"], g["winner"])
    return out
