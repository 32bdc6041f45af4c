#!/bin/sh
# tree-files.sh - the .c and .h files of the current directory that name
# sysdev, as spatch --file-groups reads them (one file per group).
#
# grep -R, whatever the tree: git or not, nested in another repository,
# untracked files, a forest of symlinks (spatch --dir does not follow a
# symlink to a directory).  A wide net: sysdev_to_syscore_ops.cocci's
# find_sysdev_* rules pick the files that hold sysdev code.
set -eu
grep -RlE --include='*.[ch]' 'sysdev|sys_device' . | sed 's|^\./||' | LC_ALL=C sort |
	awk '{ print; print "" }'
