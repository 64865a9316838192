#!/usr/bin/env bash
# Installs Debian's Chromium and chromedriver for tests/serve_browser.rs (the analysis board in a
# headless browser). Run as root (or with sudo); the test skips itself without them.
set -euo pipefail
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    echo "chromium and chromedriver are installed: $(chromium --version 2>/dev/null | head -1)"
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y chromium chromium-driver
chromium --version
