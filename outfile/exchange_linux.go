package outfile

import "golang.org/x/sys/unix"

// exchange swaps the names src and dst in one step (renameat2).
func exchange(src, dst string) error {
	return unix.Renameat2(unix.AT_FDCWD, src, unix.AT_FDCWD, dst, unix.RENAME_EXCHANGE)
}
