"""Audio (ui): short synthesised sounds that stay silent, without errors, when there is no mixer.

Sounds are generated with numpy at start-up (no audio files to ship or license): a few
enveloped tones and noise bursts, one per event name. If the mixer cannot start (no
sound card, CI, the dummy driver) or sound is off in the settings, ``play`` does nothing.
"""

from __future__ import annotations

import contextlib

import numpy as np
import pygame

from arcade.ui.native_stderr import native_stderr_filtered

RATE = 22050


def _envelope(n: int, attack: float = 0.005, release: float = 0.6) -> np.ndarray:
    t = np.linspace(0.0, 1.0, n, endpoint=False)
    a = max(1, int(n * attack))
    env = np.exp(-t / max(1e-3, release) * 4.0)
    env[:a] *= np.linspace(0.0, 1.0, a)
    return env


def _tone(freqs: list[float], seconds: float, volume: float = 0.35, release: float = 0.5) -> np.ndarray:
    """Concatenated notes (one per frequency) with a soft attack and exponential decay."""
    parts = []
    for f in freqs:
        n = int(RATE * seconds)
        t = np.arange(n) / RATE
        wave = np.sin(2 * np.pi * f * t) + 0.3 * np.sin(4 * np.pi * f * t)
        parts.append(wave * _envelope(n, release=release))
    return np.concatenate(parts) * volume


def _noise(seconds: float, volume: float = 0.3) -> np.ndarray:
    n = int(RATE * seconds)
    rng = np.random.default_rng(7)
    return rng.uniform(-1, 1, n) * _envelope(n, release=0.3) * volume


def _sweep(f0: float, f1: float, seconds: float, volume: float = 0.3) -> np.ndarray:
    n = int(RATE * seconds)
    freq = np.linspace(f0, f1, n)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    return np.sin(phase) * _envelope(n, release=0.7) * volume


def synthesise() -> dict[str, np.ndarray]:
    """Mono float waveforms in [-1, 1] at :data:`RATE`, by event name."""
    return {
        "click": _tone([880], 0.04, 0.25, 0.3),
        "build": _tone([660], 0.07, 0.3, 0.4),
        "remove": _tone([440], 0.07, 0.25, 0.4),
        "pop": _tone([784, 1175], 0.06, 0.3, 0.4),
        "error": _tone([196, 165], 0.09, 0.35, 0.6),
        "win": _tone([523, 659, 784, 1047], 0.11, 0.35, 0.8),
        "lose": _tone([392, 330, 262], 0.14, 0.35, 0.8),
        "pickup": _sweep(600, 1400, 0.09),
        "crash": _noise(0.35, 0.4),
        "tick": _tone([1200], 0.02, 0.15, 0.2),
        "jump": _sweep(300, 900, 0.15),
    }


class Audio:
    """Plays named sounds; every method is safe to call with no mixer."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.available = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.error = ""
        self._start()

    def _start(self) -> None:
        try:
            if not pygame.mixer.get_init():
                with native_stderr_filtered(noise=None):
                    pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error("mixer did not start")
            freq, _size, channels = init
            for name, wave in synthesise().items():
                if freq != RATE:
                    idx = np.linspace(0, len(wave) - 1, int(len(wave) * freq / RATE))
                    wave = np.interp(idx, np.arange(len(wave)), wave)
                pcm = (np.clip(wave, -1, 1) * 32767).astype(np.int16)
                if channels > 1:
                    pcm = np.repeat(pcm[:, None], channels, axis=1)
                self._sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(pcm))
            self.available = True
        except (pygame.error, ValueError, TypeError, OSError) as exc:
            self.error = str(exc)
            self.available = False
            self._sounds.clear()

    def play(self, name: str, volume: float = 1.0) -> None:
        if not (self.enabled and self.available):
            return
        sound = self._sounds.get(name)
        if sound is not None:
            with contextlib.suppress(pygame.error):
                sound.set_volume(max(0.0, min(1.0, volume)))
                sound.play()

    def close(self) -> None:
        """Stop the sound device (slow on some systems: the window closes before it, see
        :meth:`arcade.ui.app.App.close`); ``play`` is silent afterwards."""
        self.available = False
        self._sounds.clear()
        with contextlib.suppress(pygame.error):
            if pygame.mixer.get_init():
                # Every channel halted first: pygame-ce 2.5.8's mixer.quit takes the sound device's
                # lock without letting go of the interpreter's, and a sound ending then deadlocked
                # (the device's thread, in pygame's end-of-sound callback, holds the one and waits
                # for the other; a test run hung for good here, the window already gone). ``stop``
                # lets go while it halts them, and with no channel playing no callback can come.
                pygame.mixer.stop()
            pygame.mixer.quit()

    def names(self) -> list[str]:
        return sorted(self._sounds)
