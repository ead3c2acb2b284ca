"""WebKit and Firefox for the browser suite, behind one small interface (`Engine`), so
test_engines.py runs the same checks in both (Chromium keeps its own, richer lab.py).

- WebKit: Debian's WebKitWebDriver driving WebKitGTK's MiniBrowser (`--automation`)
  through Selenium's `webdriver.WebKitGTK`, inside the X display of `xvfb-run -a`
  (MiniBrowser has no headless mode). The colour scheme is a launch option
  (`--dark-mode`), so each scheme gets its own session.
- Firefox: Debian's firefox-esr, started here with `--headless --marionette` on a fresh
  profile and driven through Mozilla's `marionette_driver` (Debian has no geckodriver).
  The colour scheme is a preference, switched in the running browser.

Neither window gets narrower than about 450 (WebKit) or 500 (Firefox) CSS px, so a page is
measured at a phone's width inside an `iframe` of exactly that width and the phone's
height, in a frame page of our own (`PhoneFrame`): the framed page's layout viewport is
the iframe. Served pages (`frame-ancestors 'none'`) are opened at the top level instead,
where only behaviour is checked.

Errors a page causes (script errors, Content Security Policy violations) are read per
engine from what the engine itself reports: Firefox's console service (through
Marionette's chrome context), and WebKit's console as MiniBrowser writes it with
`--enable-write-console-messages-to-stdout` (`WebKitConsole`; WebKitWebDriver's sessions
ignore MiniBrowser's settings, so this is a MiniBrowser of its own, without WebDriver).
"""

from __future__ import annotations

import html
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
FIREFOX = Path("/usr/bin/firefox-esr")
ENGINES = ("webkit", "firefox")


class EngineError(RuntimeError):
    pass


class Engine:
    """What the engine checks need of a browser: navigate, run a script in the current
    document (the phone frame's page once `enter_frame` ran), find elements, type, and the
    errors the engine reported since `clear_errors`."""

    name = ""
    version = ""

    def get(self, url: str) -> None:
        raise NotImplementedError

    def js(self, script: str, *args):
        raise NotImplementedError

    def find(self, css: str) -> list:
        raise NotImplementedError

    def enter_frame(self, element) -> None:
        raise NotImplementedError

    def leave_frame(self) -> None:
        raise NotImplementedError

    def set_scheme(self, scheme: str) -> None:
        raise NotImplementedError

    def set_script_enabled(self, enabled: bool) -> None:
        raise NotImplementedError

    def clear_errors(self) -> None:
        pass

    def errors(self) -> list[str]:
        return []

    @property
    def url(self) -> str:
        raise NotImplementedError

    def quit(self) -> None:
        raise NotImplementedError


# --- WebKit ---------------------------------------------------------------------------------
class WebKit(Engine):
    name = "WebKit"

    def __init__(self, scheme: str):
        os.environ["SE_OFFLINE"] = "true"
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        for path in (MINIBROWSER, WEBKIT_DRIVER):
            if not path.exists():
                raise EngineError(f"{path} is missing; run scripts/setup-browser (Debian webkit2gtk-driver)")
        if not os.environ.get("DISPLAY"):
            raise EngineError("WebKit needs an X display: run the WebKit tests under `xvfb-run -a` (scripts/test-browser does)")
        options = Options()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        if scheme == "dark":
            options.add_argument("--dark-mode")
        self.scheme = scheme
        self.driver = webdriver.WebKitGTK(options=options, service=Service(executable_path=str(WEBKIT_DRIVER)))
        self.version = "WebKitGTK " + str(self.driver.capabilities.get("browserVersion", "?"))

    def get(self, url: str) -> None:
        self.driver.get(url)

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def find(self, css: str) -> list:
        from selenium.webdriver.common.by import By

        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def enter_frame(self, element) -> None:
        self.driver.switch_to.frame(element)

    def leave_frame(self) -> None:
        self.driver.switch_to.default_content()

    def set_scheme(self, scheme: str) -> None:
        if scheme != self.scheme:
            raise EngineError(f"this WebKit session shows the {self.scheme} scheme; start another for {scheme}")

    def set_script_enabled(self, enabled: bool) -> None:
        if not enabled:
            raise EngineError("WebKitWebDriver cannot turn script off; use WebKitConsole(script=False)")

    @property
    def url(self) -> str:
        return self.driver.current_url

    def quit(self) -> None:
        self.driver.quit()


# `CONSOLE SECURITY ERROR Refused to load …`, or with the source first:
# `file:///…/page.html:10:1: CONSOLE SECURITY ERROR Refused to execute a script …`.
CONSOLE_ERROR = re.compile(r"(?:^|: )CONSOLE (?:[A-Z]+ )?ERROR ")


class WebKitConsole:
    """MiniBrowser without WebDriver, writing its console to standard output, on one URL:
    `lines()` are the console's error lines (CSP violations print as `CONSOLE SECURITY
    ERROR …`, script errors as `CONSOLE JS ERROR …`, either after the source's place). `script=False` starts it with
    JavaScript off (`--enable-javascript=false`), the way a customer who turned it off
    sees the page."""

    def __init__(self, url: str, script: bool = True):
        self.out = tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace")
        command = [str(MINIBROWSER), "--enable-write-console-messages-to-stdout=true"]
        if not script:
            command.append("--enable-javascript=false")
        # (Despite the setting's name, WebKitGTK writes the messages to standard error.)
        self.process = subprocess.Popen(command + [url], stdout=self.out, stderr=subprocess.STDOUT, start_new_session=True)

    def lines(self) -> list[str]:
        self.out.seek(0)
        return [line.strip() for line in self.out if CONSOLE_ERROR.search(line)]

    def stop(self) -> list[str]:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        found = self.lines()
        self.out.close()
        return found


def webkit_console_errors(url: str, seconds: float = 2.0, loaded=None) -> list[str]:
    """The console errors WebKit reports for `url` within `seconds` of the page being
    loaded: of `loaded()` first returning true (e.g. the server has answered for the
    page; at most 20 s), else of the browser's start."""
    console = WebKitConsole(url)
    deadline = time.monotonic() + 20
    while loaded is not None and not loaded() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(seconds)
    return console.stop()


# --- Firefox --------------------------------------------------------------------------------
# A fresh profile: no first-run pages, no updates, no telemetry; Marionette on a free port
# (port 0: Firefox writes the one it took to MarionetteActivePort in the profile).
FIREFOX_PREFS = {
    "marionette.port": 0,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.page": 0,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "layout.css.prefers-color-scheme.content-override": 1,
    "ui.prefersReducedMotion": 1,
    # Phones' scrollbars overlay the page: none takes width from the phone frame.
    "widget.gtk.overlay-scrollbars.enabled": True,
    "ui.useOverlayScrollbars": 1,
}
# 0 dark, 1 light (2 would follow the system).
SCHEME_OVERRIDE = {"dark": 0, "light": 1}

# The console's error messages since the last reset, page errors only: script errors and
# CSP reports of content windows (innerWindowID set) and of the favicon loader, which acts
# for the page; the browser's own chrome warnings are left out.
FIREFOX_ERRORS = """
return Services.console.getMessageArray()
  .filter((m) => m instanceof Ci.nsIScriptError)
  .filter((m) => !(m.flags & Ci.nsIScriptError.warningFlag) && !(m.flags & Ci.nsIScriptError.infoFlag))
  .filter((m) => m.innerWindowID || m.category.startsWith('CSP') || /^(https?|file):/.test(m.sourceName))
  .map((m) => `${m.category}: ${m.errorMessage} (${m.sourceName}${m.lineNumber ? ':' + m.lineNumber : ''})`);
"""


def _pref_line(name: str, value) -> str:
    literal = "true" if value is True else "false" if value is False else str(value)
    return f'user_pref("{name}", {literal});\n'


class Firefox(Engine):
    name = "Firefox"

    def __init__(self):
        from marionette_driver.marionette import Marionette

        if not FIREFOX.exists():
            raise EngineError(f"{FIREFOX} is missing; run scripts/setup-browser (Debian firefox-esr)")
        self.profile = Path(tempfile.mkdtemp(prefix="firefox-profile-"))
        (self.profile / "user.js").write_text("".join(_pref_line(k, v) for k, v in FIREFOX_PREFS.items()))
        self.process = subprocess.Popen(
            [str(FIREFOX), "--headless", "--marionette", "-remote-allow-system-access", "--no-remote",
             "--profile", str(self.profile), "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        port_file = self.profile / "MarionetteActivePort"
        deadline = time.monotonic() + 60
        while not (port_file.exists() and port_file.read_text().strip()):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self._stop_process()
                raise EngineError("firefox-esr --marionette did not open its Marionette port within 60 s")
            time.sleep(0.1)
        self.client = Marionette(host="127.0.0.1", port=int(port_file.read_text().strip()))
        self.client.start_session()
        self.version = "Firefox " + str(self.client.session_capabilities.get("browserVersion", "?"))

    def get(self, url: str) -> None:
        self.client.navigate(url)

    def js(self, script: str, *args):
        return self.client.execute_script(script, script_args=list(args), new_sandbox=False)

    def find(self, css: str) -> list:
        from marionette_driver.by import By

        return self.client.find_elements(By.CSS_SELECTOR, css)

    def enter_frame(self, element) -> None:
        self.client.switch_to_frame(element)

    def leave_frame(self) -> None:
        self.client.switch_to_frame()

    def chrome(self, script: str, *args):
        with self.client.using_context("chrome"):
            return self.client.execute_script(script, script_args=list(args))

    def set_scheme(self, scheme: str) -> None:
        self.chrome(
            "Services.prefs.setIntPref('layout.css.prefers-color-scheme.content-override', arguments[0])",
            SCHEME_OVERRIDE[scheme],
        )

    def set_script_enabled(self, enabled: bool) -> None:
        self.chrome("Services.prefs.setBoolPref('javascript.enabled', arguments[0])", enabled)

    def clear_errors(self) -> None:
        self.chrome("Services.console.reset()")

    def errors(self) -> list[str]:
        return list(self.chrome(FIREFOX_ERRORS))

    @property
    def url(self) -> str:
        return self.client.get_url()

    def _stop_process(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        shutil.rmtree(self.profile, ignore_errors=True)

    def quit(self) -> None:
        try:
            self.client.delete_session()
        finally:
            self._stop_process()


# --- the phone frame ------------------------------------------------------------------------
class PhoneFrame:
    """A page of our own holding one `iframe` of a phone's CSS size, the page under test in
    it: the frame is the phone's screen (the windows of both engines are wider than any
    phone). Written into `directory` (a file URL, as the golden pages are)."""

    def __init__(self, directory: Path):
        directory.mkdir(parents=True, exist_ok=True)
        self.path = directory / "phone-frame.html"

    def open(self, engine: Engine, page_url: str, width: int, height: int) -> None:
        self.path.write_text(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>phone frame</title>"
            "<style>html,body{margin:0;padding:0}iframe{display:block;border:0;margin:0}</style></head><body>"
            f"<iframe id=\"phone\" title=\"phone\" style=\"width:{width}px;height:{height}px\" "
            f"src=\"{html.escape(page_url)}\"></iframe></body></html>",
            encoding="utf-8",
        )
        engine.leave_frame()
        engine.get(self.path.resolve().as_uri())
        engine.enter_frame(engine.find("#phone")[0])
        deadline = time.monotonic() + 10
        while not engine.js("return document.readyState === 'complete' && document.URL !== 'about:blank'"):
            if time.monotonic() > deadline:
                raise EngineError(f"{page_url} did not load in the phone frame within 10 s")
            time.sleep(0.05)
            # The frame's first document (about:blank) may be the one entered: enter anew.
            engine.leave_frame()
            engine.enter_frame(engine.find("#phone")[0])
