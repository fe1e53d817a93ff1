package util

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Revisions and the annotations the controller keeps on ReplicaSets
// (deployment_util.go).

// annotationsToSkip are the Deployment annotations never copied to a
// ReplicaSet (and, on rollback, never copied back).
var annotationsToSkip = map[string]bool{
	LastAppliedConfigAnnotation: true,
	RevisionAnnotation:          true,
	RevisionHistoryAnnotation:   true,
	DesiredReplicasAnnotation:   true,
	MaxReplicasAnnotation:       true,
	DeprecatedRollbackTo:        true,
}

func SkipCopyAnnotation(key string) bool { return annotationsToSkip[key] }

// Revision parses obj's revision annotation; a missing one is revision 0.
func Revision(obj api.Object) (int64, error) {
	v, ok := obj.GetObjectMeta().Annotations[RevisionAnnotation]
	if !ok {
		return 0, nil
	}
	return strconv.ParseInt(v, 10, 64)
}

// MaxRevision is the highest revision among rss; unparsable ones are
// skipped.
func MaxRevision(rss []*api.ReplicaSet) int64 {
	var highest int64
	for _, rs := range rss {
		if rs == nil {
			continue
		}
		if v, err := Revision(rs); err == nil && v > highest {
			highest = v
		}
	}
	return highest
}

// LastRevision is the second highest revision among rss (the one a
// rollback without a revision returns to); unparsable ones are skipped.
func LastRevision(rss []*api.ReplicaSet) int64 {
	var highest, second int64
	for _, rs := range rss {
		if rs == nil {
			continue
		}
		v, err := Revision(rs)
		switch {
		case err != nil:
		case v >= highest:
			second, highest = highest, v
		case v > second:
			second = v
		}
	}
	return second
}

// SetDeploymentRevision sets d's revision annotation and reports whether
// it changed.
func SetDeploymentRevision(d *api.Deployment, revision string) bool {
	if d.Annotations == nil {
		d.Annotations = map[string]string{}
	}
	if d.Annotations[RevisionAnnotation] == revision {
		return false
	}
	d.Annotations[RevisionAnnotation] = revision
	return true
}

// SetNewReplicaSetAnnotations brings the new ReplicaSet's annotations up to
// date and reports whether they changed:
//   - every Deployment annotation outside the skip list is copied (so
//     kubernetes.io/change-cause follows the Deployment);
//   - the revision is raised to newRevision if lower; if the ReplicaSet
//     already had one, it is being reused by a rollback and its old number is
//     appended to revision-history, dropping the oldest entries to stay within
//     revHistoryLimitInChars (an append that cannot fit is skipped);
//   - a ReplicaSet about to be created (!exists) also gets the
//     desired-replicas and max-replicas annotations.
//
// A revision that does not parse leaves the revision untouched (upstream
// logs and returns false, dropping even the copied annotations' change).
func SetNewReplicaSetAnnotations(d *api.Deployment, newRS *api.ReplicaSet, newRevision string, exists bool, revHistoryLimitInChars int) bool {
	changed := copyDeploymentAnnotationsToReplicaSet(d, newRS)
	if newRS.Annotations == nil {
		newRS.Annotations = map[string]string{}
	}
	oldRevision, had := newRS.Annotations[RevisionAnnotation]
	oldRevisionInt, err := strconv.ParseInt(oldRevision, 10, 64)
	if err != nil {
		if oldRevision != "" {
			return false
		}
		oldRevisionInt = 0
	}
	newRevisionInt, err := strconv.ParseInt(newRevision, 10, 64)
	if err != nil {
		return false
	}
	if oldRevisionInt < newRevisionInt {
		newRS.Annotations[RevisionAnnotation] = newRevision
		changed = true
	}
	if had && oldRevisionInt < newRevisionInt {
		history := newRS.Annotations[RevisionHistoryAnnotation]
		oldRevisions := strings.Split(history, ",")
		if len(oldRevisions[0]) == 0 {
			newRS.Annotations[RevisionHistoryAnnotation] = oldRevision
		} else {
			total := len(history) + len(oldRevision) + 1
			start := 0
			for total > revHistoryLimitInChars && start < len(oldRevisions) {
				total -= len(oldRevisions[start]) + 1
				start++
			}
			if total <= revHistoryLimitInChars {
				oldRevisions = append(oldRevisions[start:], oldRevision)
				newRS.Annotations[RevisionHistoryAnnotation] = strings.Join(oldRevisions, ",")
			}
		}
	}
	replicas := Int32Value(d.Spec.Replicas)
	if !exists && SetReplicasAnnotations(newRS, replicas, replicas+MaxSurge(d)) {
		changed = true
	}
	return changed
}

// copyDeploymentAnnotationsToReplicaSet copies every non-skipped Deployment
// annotation that differs and reports whether any did.
func copyDeploymentAnnotationsToReplicaSet(d *api.Deployment, rs *api.ReplicaSet) bool {
	changed := false
	if rs.Annotations == nil {
		rs.Annotations = map[string]string{}
	}
	for k, v := range d.Annotations {
		// Like upstream, a missing key and an empty value compare equal, so
		// an empty Deployment annotation is never copied.
		if SkipCopyAnnotation(k) || rs.Annotations[k] == v {
			continue
		}
		rs.Annotations[k] = v
		changed = true
	}
	return changed
}

// SetDeploymentAnnotationsTo makes d's annotations the rollback target's:
// d keeps only its skip-list annotations and takes every other annotation
// of rs (so the old change-cause returns).
func SetDeploymentAnnotationsTo(d *api.Deployment, rollbackToRS *api.ReplicaSet) {
	d.Annotations = getSkippedAnnotations(d.Annotations)
	for k, v := range rollbackToRS.Annotations {
		if !SkipCopyAnnotation(k) {
			d.Annotations[k] = v
		}
	}
}

func getSkippedAnnotations(annotations map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range annotations {
		if SkipCopyAnnotation(k) {
			out[k] = v
		}
	}
	return out
}

// GetDesiredReplicasAnnotation reads desired-replicas; ok is false when it
// is missing or not a non-negative int32.
func GetDesiredReplicasAnnotation(rs *api.ReplicaSet) (int32, bool) {
	v, ok, _ := getNonNegativeInt32FromAnnotation(rs, DesiredReplicasAnnotation)
	return v, ok
}

func GetMaxReplicasAnnotation(rs *api.ReplicaSet) (int32, bool) {
	v, ok, _ := getNonNegativeInt32FromAnnotation(rs, MaxReplicasAnnotation)
	return v, ok
}

// getNonNegativeInt32FromAnnotation parses an annotation as an unsigned
// 32-bit integer no larger than MaxInt32 (the newest parsing; v1.28 used
// Atoi). A missing annotation is (0, false, nil).
func getNonNegativeInt32FromAnnotation(rs *api.ReplicaSet, key string) (int32, bool, error) {
	s, ok := rs.Annotations[key]
	if !ok {
		return 0, false, nil
	}
	v, err := strconv.ParseUint(s, 10, 32)
	if err != nil {
		return 0, false, err
	}
	if v > math.MaxInt32 {
		return 0, false, fmt.Errorf("value %d is out of range (higher than %d)", v, math.MaxInt32)
	}
	return int32(v), true, nil
}

// SetReplicasAnnotations records desired and max replicas on rs and reports
// whether either changed.
func SetReplicasAnnotations(rs *api.ReplicaSet, desiredReplicas, maxReplicas int32) bool {
	if rs.Annotations == nil {
		rs.Annotations = map[string]string{}
	}
	changed := false
	if s := strconv.Itoa(int(desiredReplicas)); rs.Annotations[DesiredReplicasAnnotation] != s {
		rs.Annotations[DesiredReplicasAnnotation] = s
		changed = true
	}
	if s := strconv.Itoa(int(maxReplicas)); rs.Annotations[MaxReplicasAnnotation] != s {
		rs.Annotations[MaxReplicasAnnotation] = s
		changed = true
	}
	return changed
}

// ReplicasAnnotationsNeedUpdate reports whether SetReplicasAnnotations
// would change anything.
func ReplicasAnnotationsNeedUpdate(rs *api.ReplicaSet, desiredReplicas, maxReplicas int32) bool {
	if rs.Annotations == nil {
		return true
	}
	return rs.Annotations[DesiredReplicasAnnotation] != strconv.Itoa(int(desiredReplicas)) ||
		rs.Annotations[MaxReplicasAnnotation] != strconv.Itoa(int(maxReplicas))
}

// ReplicaSetsByRevision sorts by revision ascending; equal or unparsable
// revisions fall back to creation time, then name (the cleanup order).
type ReplicaSetsByRevision []*api.ReplicaSet

func (o ReplicaSetsByRevision) Len() int      { return len(o) }
func (o ReplicaSetsByRevision) Swap(i, j int) { o[i], o[j] = o[j], o[i] }
func (o ReplicaSetsByRevision) Less(i, j int) bool {
	r1, err1 := Revision(o[i])
	r2, err2 := Revision(o[j])
	if err1 != nil || err2 != nil || r1 == r2 {
		return controller.ReplicaSetsByCreationTimestamp(o).Less(i, j)
	}
	return r1 < r2
}
