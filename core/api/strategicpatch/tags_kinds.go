package strategicpatch

import (
	"reflect"

	"github.com/kubeplay/kubeplay/core/api"
)

// kindsTags are the patch tags of the autoscaling, networking, policy and
// storage types (k8s.io/api autoscaling/v2, policy/v1, core/v1 types.go);
// networking/v1 and storage/v1 StorageClass carry none. Every other list
// of theirs is atomic: ingress rules, paths and TLS hosts, network policy
// rules, ports and peers, metrics and scaling policies, access modes.
var kindsTags = []struct {
	owner    reflect.Type
	field    string
	strategy string
	mergeKey string
}{
	{reflect.TypeFor[api.HorizontalPodAutoscalerStatus](), "conditions", "merge", "type"},
	{reflect.TypeFor[api.PodDisruptionBudgetSpec](), "selector", "replace", ""},
	{reflect.TypeFor[api.PodDisruptionBudgetStatus](), "conditions", "merge", "type"},
	{reflect.TypeFor[api.PersistentVolumeClaimStatus](), "conditions", "merge", "type"},
}
