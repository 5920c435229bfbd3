#!/bin/sh
# Builds the Debian package: flowstage_<version>_<arch>.deb in OUT (default .build/deb).
#
#   Tools/deb.sh [OUT]
#
# The release binary links the Swift runtime and Foundation statically, so the package needs
# no Swift; what it still links dynamically (libmicrohttpd, libcmark, libsqlite3, libc…) is
# read off the binary by dpkg-shlibdeps and becomes `Depends` on Debian's runtime packages.
# The tree follows the binary's own search: /usr/bin/flowstage finds its resources in
# ../share/flowstage, and the example project in ../share/doc/flowstage/examples.
set -eu
SWIFT=${SWIFT:-swift}
OUT=${1:-.build/deb}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

$SWIFT build -c release --product flowstage --static-swift-stdlib >&2
binary="$($SWIFT build -c release --static-swift-stdlib --show-bin-path)/flowstage"
version=$("$binary" --version)
arch=$(dpkg --print-architecture)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
stage="$OUT/flowstage_${version}_${arch}"
rm -rf "$stage"

install -D -m 755 "$binary" "$stage/usr/bin/flowstage"
strip --strip-unneeded "$stage/usr/bin/flowstage"
share="$stage/usr/share/flowstage"
doc="$stage/usr/share/doc/flowstage"
mkdir -p "$share" "$doc" "$stage/usr/share/man/man1"
for folder in Templates Public Themes Words Schemas; do cp -R "$folder" "$share/"; done
cp -R Examples "$doc/examples"
cp README.md "$doc/"
for folder in guides reference screenshots; do [ -d "docs/$folder" ] && cp -R "docs/$folder" "$doc/"; done
# What a server or an editor left in a checkout (.flowstage/, swap files) is not shipped.
find "$stage" -name '.*' -prune -exec rm -rf {} +

# The manual comes from the command line's own description (see Tools/manpage.py).
env -i "$binary" --experimental-dump-help | python3 Tools/manpage.py "$version" | gzip -9n > "$stage/usr/share/man/man1/flowstage.1.gz"

# copyright: FlowStage, then every Swift package linked into the binary with its licence.
{
  printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n'
  printf 'Upstream-Name: FlowStage\n\n'
  printf 'Files: *\nCopyright: the FlowStage authors\nLicense: none chosen yet\n'
  printf ' The FlowStage sources carry no licence file yet; this package is for evaluation.\n'
  for checkout in .build/checkouts/*; do
    [ -d "$checkout" ] || continue
    for licence in "$checkout"/LICENSE* "$checkout"/NOTICE*; do
      [ -f "$licence" ] || continue
      printf '\nFiles: (linked into /usr/bin/flowstage) %s, %s\nLicense: see below\n' "$(basename "$checkout")" "$(basename "$licence")"
      sed -e 's/^$/./' -e 's/^/ /' "$licence"
    done
  done
} > "$doc/copyright"

# Depends: the shared libraries the binary needs, as Debian's packages name them.
shlibs=$(mktemp -d)
mkdir "$shlibs/debian"
printf 'Source: flowstage\n\nPackage: flowstage\nArchitecture: any\n' > "$shlibs/debian/control"
# (Its warnings are about the binary's $ORIGIN rpath, which SwiftPM adds and which finds nothing.)
depends=$(cd "$shlibs" && dpkg-shlibdeps -O -e "$stage/usr/bin/flowstage" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
rm -rf "$shlibs"
[ -n "$depends" ] || { echo "Tools/deb.sh: dpkg-shlibdeps found no libraries" >&2; exit 1; }

find "$stage" -type d -exec chmod 755 {} +
find "$stage" -type f ! -path "$stage/usr/bin/*" -exec chmod 644 {} +
mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: flowstage
Version: $version
Architecture: $arch
Maintainer: FlowStage <flowstage@localhost>
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)
Depends: $depends
Section: web
Priority: optional
Description: preview process-driven UI and Camunda models in the browser
 FlowStage runs processes, BPMN models with their forms, FEEL and DMN decisions
 on a local server and shows every screen as accessible HTML, styled by a
 theme, working without JavaScript. Run "flowstage serve FOLDER" on a folder
 of models; "man flowstage" lists every command.
CONTROL
(cd "$stage" && find usr -type f -exec md5sum {} + | sort -k 2) > "$stage/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$OUT/flowstage_${version}_${arch}.deb" >/dev/null
rm -rf "$stage"
echo "$OUT/flowstage_${version}_${arch}.deb"
