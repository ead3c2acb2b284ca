# Sourced by scripts/bench, scripts/bench-vs-node and scripts/bench-pixels, from the
# checkout's root: sets `release`, the options of `swift build` for the project's release
# build.
#
# The project's release build: the Swift runtime and Foundation linked in statically,
# which spares the dynamic loader most of a start-up (docs/PERFORMANCE.md), by LLVM's
# lld (the toolchain's) instead of gold for two things gold cannot do. Relative
# relocations packed (RELR, glibc 2.36): the loader reads them at every start, each
# page of them counted in peak memory. And the functions a run executes laid out together
# (scripts/render-cli.order, written by `scripts/bench --order-file`): the kernel maps
# a file's pages 64 KiB around each one touched, and a run's code was spread over most
# of .text; this project's own code is compiled one section per
# function so that the linker can move each (the toolchain's libraries come with one
# .text per object file, mostly). A name the binary no longer has is skipped, so a
# stale list costs memory, never correctness.
release=(-c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections
  -Xlinker -z -Xlinker pack-relative-relocs
  -Xlinker "--symbol-ordering-file=$PWD/scripts/render-cli.order" -Xlinker --no-warn-symbol-ordering)
