package printers

// NaturalLess orders strings the way humans expect numbers inside them to
// sort: "web-2" < "web-10", digits before other characters, leading zeros
// breaking ties ("01" after "1"). kubectl --sort-by uses it for strings
// that are not quantities; this models github.com/fvbommel/sortorder's
// NaturalLess.
func NaturalLess(a, b string) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, cb := a[i], b[j]
		da, db := isDigit(ca), isDigit(cb)
		switch {
		case da != db:
			return da // digits sort before everything else
		case !da:
			if ca != cb {
				return ca < cb
			}
			i++
			j++
		default:
			// skip leading zeros, then compare the numbers by length and
			// digits, then by how many zeros were skipped
			zi, zj := i, j
			for i < len(a) && a[i] == '0' {
				i++
			}
			for j < len(b) && b[j] == '0' {
				j++
			}
			si, sj := i, j
			for i < len(a) && isDigit(a[i]) {
				i++
			}
			for j < len(b) && isDigit(b[j]) {
				j++
			}
			if li, lj := i-si, j-sj; li != lj {
				return li < lj
			}
			if na, nb := a[si:i], b[sj:j]; na != nb {
				return na < nb
			}
			if si-zi != sj-zj {
				return si-zi < sj-zj
			}
		}
	}
	return len(a)-i < len(b)-j
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
