"""Small jobs for the execution layer's tests: games that log each time they are played, and one
that kills its own worker process (SIGKILL) the first time it reaches a given game."""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class LoggingJob:
    """Game i is {"i": i, "value": i * i}; every play appends i to `log` (one line per play)."""

    log: str
    seconds: float = 0.0
    stop_at: int = -1  # raise KeyboardInterrupt there (an interrupted run)
    kill_at: int = -1  # SIGKILL this process there, once (a worker lost mid-game)
    tool: str = "test job"
    chunk: int = 1

    def identity(self) -> dict:
        return {"log": self.log}

    def setup(self) -> None:
        pass

    def play(self, index: int) -> dict:
        with open(self.log, "a", encoding="utf-8") as log:
            log.write(f"{index}\n")
        time.sleep(self.seconds)
        if index == self.stop_at:
            raise KeyboardInterrupt
        marker = Path(self.log + ".killed")
        if index == self.kill_at and not marker.exists():
            marker.write_text(str(os.getpid()))
            os.kill(os.getpid(), signal.SIGKILL)
        return {"i": index, "value": index * index}

    def encode(self, result: dict) -> dict:
        return result

    def decode(self, data: dict) -> dict:
        return data

    def played(self) -> list[int]:
        path = Path(self.log)
        return [int(line) for line in path.read_text().split()] if path.exists() else []
