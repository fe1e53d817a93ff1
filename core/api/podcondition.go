package api

import "time"

// UpdatePodCondition models podutil.UpdatePodCondition (pkg/api/v1/pod):
// it replaces, or adds, the condition of c's type in status. The
// transition time is now unless the status is unchanged, in which case the
// old one is kept. It reports whether anything but the transition time
// would change, which is when the writer sends the update.
func UpdatePodCondition(status *PodStatus, c PodCondition, now time.Time) bool {
	c.LastTransitionTime = NewTime(now)
	for i := range status.Conditions {
		old := &status.Conditions[i]
		if old.Type != c.Type {
			continue
		}
		if old.Status == c.Status {
			c.LastTransitionTime = old.LastTransitionTime
		}
		changed := old.Status != c.Status || old.Reason != c.Reason || old.Message != c.Message ||
			!old.LastProbeTime.Equal(c.LastProbeTime.Time) || !old.LastTransitionTime.Equal(c.LastTransitionTime.Time) ||
			old.ObservedGeneration != c.ObservedGeneration
		*old = c
		return changed
	}
	status.Conditions = append(status.Conditions, c)
	return true
}
