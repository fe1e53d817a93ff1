package describe

import (
	"encoding/json"
	"sort"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// podTemplateHashLabel is the label the Deployment controller adds to its
// ReplicaSets' templates.
const podTemplateHashLabel = "pod-template-hash"

// This file is a small local copy of kubectl/pkg/util/deployment, which
// describe uses to split a Deployment's ReplicaSets into new and old. It is
// kept here rather than shared with core/controller so that describe
// depends only on API objects.

// ownedReplicaSets returns the ReplicaSets that match the Deployment's
// selector and are controlled by it (listReplicaSets).
func ownedReplicaSets(d *api.Deployment, all []*api.ReplicaSet) []*api.ReplicaSet {
	sel, err := labels.SelectorFromLabelSelector(d.Spec.Selector)
	if err != nil {
		return nil
	}
	var owned []*api.ReplicaSet
	for _, rs := range all {
		if rs.Namespace == d.Namespace && sel.Matches(labels.Set(rs.Labels)) && rs.IsControlledBy(d.UID) {
			owned = append(owned, rs)
		}
	}
	return owned
}

// splitReplicaSets returns the new ReplicaSet (the oldest whose template
// equals the Deployment's, ignoring pod-template-hash; nil if none) and the
// old ones that still want pods, oldest first (findNewReplicaSet and the
// first result of findOldReplicaSets, which leaves out old ReplicaSets
// scaled to zero: describe shows "OldReplicaSets: <none>" once a rollout
// has finished).
func splitReplicaSets(d *api.Deployment, all []*api.ReplicaSet) (newRS *api.ReplicaSet, old []*api.ReplicaSet) {
	owned := ownedReplicaSets(d, all)
	sort.Sort(byCreation(owned))
	for _, rs := range owned {
		if equalIgnoreHash(&rs.Spec.Template, &d.Spec.Template) {
			newRS = rs
			break
		}
	}
	for _, rs := range owned {
		if (newRS == nil || rs.UID != newRS.UID) && rs.Spec.Replicas != nil && *rs.Spec.Replicas != 0 {
			old = append(old, rs)
		}
	}
	return newRS, old
}

// equalIgnoreHash compares two pod templates without their
// pod-template-hash labels. Comparing their JSON treats unset and empty
// fields alike, as apimachinery's semantic equality does.
func equalIgnoreHash(a, b *api.PodTemplateSpec) bool {
	return templateJSON(a) == templateJSON(b)
}

func templateJSON(t *api.PodTemplateSpec) string {
	c := api.DeepCopy(t)
	delete(c.Labels, podTemplateHashLabel)
	if len(c.Labels) == 0 {
		c.Labels = nil
	}
	data, _ := json.Marshal(c)
	return string(data)
}

// byCreation orders ReplicaSets by creation time, then name
// (replicaSetsByCreationTimestamp).
type byCreation []*api.ReplicaSet

func (o byCreation) Len() int      { return len(o) }
func (o byCreation) Swap(i, j int) { o[i], o[j] = o[j], o[i] }
func (o byCreation) Less(i, j int) bool {
	if o[i].CreationTimestamp.Equal(o[j].CreationTimestamp.Time) {
		return o[i].Name < o[j].Name
	}
	return o[i].CreationTimestamp.Before(o[j].CreationTimestamp.Time)
}
