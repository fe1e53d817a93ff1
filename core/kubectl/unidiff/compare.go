package unidiff

// compare marks the lines of a and b that a shortest edit script deletes
// and inserts. As GNU diff (find_identical_ends), it first sets aside the
// common head and tail, less Context lines of each next to the changes (its
// "horizon"), which stay in play; then Myers' O(ND) greedy search finds the
// edits in what is left, and shiftBoundaries places ambiguous runs, within
// that same window.
func compare(a, b []string) (ca, cb []bool) {
	ca, cb = make([]bool, len(a)), make([]bool, len(b))
	head := 0
	for head < len(a) && head < len(b) && a[head] == b[head] {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	myers(a[head:len(a)-tail], b[head:len(b)-tail], ca[head:len(ca)-tail], cb[head:len(cb)-tail])
	lo := head - min(head, Context)
	hiA, hiB := len(a)-tail+min(tail, Context), len(b)-tail+min(tail, Context)
	shiftBoundaries(a[lo:hiA], ca[lo:hiA], cb[lo:hiB])
	shiftBoundaries(b[lo:hiB], cb[lo:hiB], ca[lo:hiA])
	return ca, cb
}

// maxEdits bounds the search: past it, myers gives up on the shortest
// script. 2,000 edits keep the frontiers under 4 million ints (32 MB),
// where the browser's one thread must not freeze on a hostile manifest.
const maxEdits = 2000

// myers marks the changed lines of a and b. frontier[d] holds, for each
// diagonal k = x-y in [-d, d], how far along a the best path with d edits
// reaches; the walk back from (len(a), len(b)) reads which edit led there.
func myers(a, b []string, ca, cb []bool) {
	n, m := len(a), len(b)
	switch {
	case n == 0:
		for j := range cb {
			cb[j] = true
		}
		return
	case m == 0:
		for i := range ca {
			ca[i] = true
		}
		return
	}
	// at reads diagonal k of the frontier of d edits.
	at := func(f []int, d, k int) int { return f[k+d] }
	var frontiers [][]int
	prev := []int{0} // the frontier of d-1 edits (d = 0: a virtual start)
	for d := 0; ; d++ {
		if d > maxEdits {
			// The frontiers would take d² memory: replace the whole
			// middle instead, a correct if longer script (GNU diff
			// also gives up on minimality when it gets too expensive).
			for i := range ca {
				ca[i] = true
			}
			for j := range cb {
				cb[j] = true
			}
			return
		}
		cur := make([]int, 2*d+1)
		for k := -d; k <= d; k += 2 {
			var x int
			switch {
			case d == 0:
				x = 0
			case k == -d || (k != d && at(prev, d-1, k-1) < at(prev, d-1, k+1)):
				x = at(prev, d-1, k+1) // down: a line of b inserted
			default:
				x = at(prev, d-1, k-1) + 1 // right: a line of a deleted
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			cur[k+d] = x
			if x >= n && y >= m {
				frontiers = append(frontiers, cur)
				backtrack(frontiers, n, m, ca, cb)
				return
			}
		}
		frontiers = append(frontiers, cur)
		prev = cur
	}
}

// backtrack walks from the end to the start, marking the edit each step
// of the path made.
func backtrack(frontiers [][]int, x, y int, ca, cb []bool) {
	for d := len(frontiers) - 1; d > 0; d-- {
		prev := frontiers[d-1]
		k := x - y
		var pk int
		if k == -d || (k != d && prev[k-1+d-1] < prev[k+1+d-1]) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := prev[pk+d-1]
		py := px - pk
		if pk == k+1 {
			cb[py] = true // down from (px, py): b[py] inserted
		} else {
			ca[px] = true // right from (px, py): a[px] deleted
		}
		x, y = px, py
	}
}

// shiftBoundaries is GNU diff's rule for where an ambiguous run of changes
// goes. Several runs of lines can be deleted (or inserted) with the same
// cost when the run's first line equals the line after it: sliding the run
// down one line keeps the edit valid. Each run of changed lines of lines
// (marked in changed) is slid up as far as it goes, then down as far as it
// goes, merging with the runs it meets, until it stops growing; then it is
// moved back up to the last position where it ends next to a change of the
// other file (other), so that deletions and insertions pair up.
func shiftBoundaries(lines []string, changed, other []bool) {
	n := len(lines)
	i := 0
	for {
		for i < n && !changed[i] {
			i++
		}
		if i == n {
			return
		}
		start := i
		for i < n && changed[i] {
			i++
		}
		// the run is [start, i); i is unchanged or n.
		corresponding := n
		for {
			length := i - start
			for start > 0 && lines[start-1] == lines[i-1] {
				start--
				i--
				changed[start], changed[i] = true, false
				for start > 0 && changed[start-1] {
					start--
				}
			}
			corresponding = n
			if adjoinsChange(changed, other, i) {
				corresponding = i
			}
			for i < n && lines[start] == lines[i] {
				changed[start], changed[i] = false, true
				start++
				i++
				for i < n && changed[i] {
					i++
				}
				if adjoinsChange(changed, other, i) {
					corresponding = i
				}
			}
			if i-start == length {
				break
			}
		}
		for corresponding < i {
			start--
			i--
			changed[start], changed[i] = true, false
		}
	}
}

// adjoinsChange reports whether the other file has a changed line just
// before the point matching position i of this one (the partner of the
// first unchanged line at or after i, or the other file's end).
func adjoinsChange(changed, other []bool, i int) bool {
	u := 0 // unchanged lines before i
	for _, c := range changed[:i] {
		if !c {
			u++
		}
	}
	j := 0
	for ; j < len(other); j++ {
		if !other[j] {
			if u == 0 {
				break
			}
			u--
		}
	}
	return j > 0 && other[j-1]
}
