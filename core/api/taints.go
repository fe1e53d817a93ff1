package api

// ToleratesTaint models corev1.Toleration.ToleratesTaint: an empty effect or
// key matches any; operator Exists matches any value, Equal (or empty) only
// the same value.
func (t *Toleration) ToleratesTaint(taint *Taint) bool {
	if t.Effect != "" && t.Effect != taint.Effect {
		return false
	}
	if t.Key != "" && t.Key != taint.Key {
		return false
	}
	switch t.Operator {
	case "", "Equal":
		return t.Value == taint.Value
	case "Exists":
		return true
	}
	return false
}

// TolerationsTolerateTaint models v1helper.TolerationsTolerateTaint.
func TolerationsTolerateTaint(tolerations []Toleration, taint *Taint) bool {
	for i := range tolerations {
		if tolerations[i].ToleratesTaint(taint) {
			return true
		}
	}
	return false
}

// FindMatchingUntoleratedTaint models v1helper.FindMatchingUntoleratedTaint:
// the first taint passing inclusionFilter (nil = all) that no toleration
// tolerates.
func FindMatchingUntoleratedTaint(taints []Taint, tolerations []Toleration, inclusionFilter func(*Taint) bool) (Taint, bool) {
	for i := range taints {
		if inclusionFilter != nil && !inclusionFilter(&taints[i]) {
			continue
		}
		if !TolerationsTolerateTaint(tolerations, &taints[i]) {
			return taints[i], true
		}
	}
	return Taint{}, false
}
