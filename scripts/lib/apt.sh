# Sourced by scripts/setup, scripts/setup-browser and scripts/setup-xliff.
# apt_install_missing PACKAGE...: installs, from Debian's archive, those not installed yet.
# As root it calls apt-get directly; otherwise through sudo, which must not ask for a
# password on CI. Never interactive: DEBIAN_FRONTEND is passed through sudo explicitly.
# Waits for dpkg's lock (another setup script, or the system's own updates, may hold it)
# instead of failing at once.
apt_install_missing() {
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  ((${#missing[@]})) || return 0
  local run=()
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null; then
      echo "setup: need root to install ${missing[*]}: run this script as root, or install sudo" >&2
      return 1
    fi
    run=(sudo -n)
  fi
  echo "setup: installing ${missing[*]}"
  "${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq
  "${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}"
}
