#!/usr/bin/python3
"""A WebKitGTK browser that WebKitWebDriver can drive and that keeps its website data.

MiniBrowser, the WebKitGTK browser WebKitWebDriver drives elsewhere, uses an ephemeral website
data manager when it runs under automation (`--automation`: measured, see README-storage.md),
so nothing it stores survives the session. This is the same engine (libwebkit2gtk-4.1, through
GObject introspection) with a persistent data manager, as a desktop WebKitGTK browser
(Epiphany) has: its data in $XDG_DATA_HOME/webkitgtk-persistent, its caches in
$XDG_CACHE_HOME/webkitgtk-persistent. It only answers automation: WebKitWebDriver starts it
with the remote inspector's address in its environment and asks it for windows.

Needs Debian's python3-gi and gir1.2-webkit2-4.1.
"""
import os
import signal
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

NAME = "WebKitGTK-persistent"

data = os.path.join(GLib.get_user_data_dir(), "webkitgtk-persistent")
cache = os.path.join(GLib.get_user_cache_dir(), "webkitgtk-persistent")
manager = WebKit2.WebsiteDataManager(base_data_directory=data, base_cache_directory=cache)
# ITP stays as WebKitGTK has it by default (off), as in MiniBrowser without --enable-itp.
# MiniBrowser's proxy flags: --proxy=URL and --ignore-host=HOST,HOST.
proxy = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--proxy=")), None)
if proxy:
    ignored = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--ignore-host=")), "")
    settings = WebKit2.NetworkProxySettings.new(proxy, [h for h in ignored.split(",") if h])
    manager.set_network_proxy_settings(WebKit2.NetworkProxyMode.CUSTOM, settings)
context = WebKit2.WebContext(website_data_manager=manager)
context.set_automation_allowed(True)
windows = []


def create_web_view(_session):
    view = WebKit2.WebView(web_context=context, is_controlled_by_automation=True)
    window = Gtk.Window()
    window.set_default_size(1000, 760)
    window.add(view)
    window.show_all()
    windows.append(window)

    def closed(_view):
        window.destroy()
        windows.remove(window)

    view.connect("close", closed)
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name(NAME)
    major, minor, micro = (
        WebKit2.get_major_version(),
        WebKit2.get_minor_version(),
        WebKit2.get_micro_version(),
    )
    info.set_version(major, minor, micro)
    session.set_application_info(info)
    session.connect("create-web-view", create_web_view)


context.connect("automation-started", automation_started)


def quit_cleanly(*_args):
    # Closing the views lets the network process write its databases before the exit.
    for window in list(windows):
        window.destroy()
    Gtk.main_quit()
    return GLib.SOURCE_REMOVE


GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, quit_cleanly)
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGINT, quit_cleanly)
if "--version" in sys.argv:
    print(f"{NAME} {WebKit2.get_major_version()}.{WebKit2.get_minor_version()}")
    sys.exit(0)
Gtk.main()
