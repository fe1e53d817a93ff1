package strategicpatch

import (
	"reflect"

	"github.com/kubeplay/kubeplay/core/api"
)

// tagTable is the hand-written half of the schema: the patchStrategy and
// patchMergeKey struct tags that upstream's Go types (k8s.io/api core/v1,
// apps/v1, meta/v1) carry on the fields our types have. Everything else
// follows from reflection: objects merge key by key, lists without an
// entry here are replaced whole.
//
// Lists upstream deliberately leaves atomic (no patchStrategy), so a patch
// replaces them: container command and args, podSpec.tolerations,
// nodeSpec.taints, namespaceSpec.finalizers, selector matchExpressions,
// containerStatuses, httpGet.httpHeaders, projected volume sources and
// every items list of a volume, serviceSpec.clusterIPs,
// externalIPs and ipFamilies, EndpointSlice endpoints and ports, Endpoints
// subsets and their addresses and ports,
// loadBalancer.ingress and node images.
//
// The test TestTagTable checks that every entry names a field that exists,
// and testdata/paths.golden lists the resulting strategy of every list and
// retainKeys field of every kind.
var tags = []struct {
	owner    reflect.Type
	field    string // JSON name
	strategy string // as written in the patchStrategy tag
	mergeKey string // patchMergeKey
}{
	// metav1.ObjectMeta
	{reflect.TypeFor[api.ObjectMeta](), "finalizers", "merge", ""},
	{reflect.TypeFor[api.ObjectMeta](), "ownerReferences", "merge", "uid"},

	// apps/v1
	{reflect.TypeFor[api.DeploymentSpec](), "strategy", "retainKeys", ""},
	{reflect.TypeFor[api.DeploymentStatus](), "conditions", "merge", "type"},
	{reflect.TypeFor[api.ReplicaSetStatus](), "conditions", "merge", "type"},

	// core/v1 PodSpec and Container
	{reflect.TypeFor[api.PodSpec](), "volumes", "merge,retainKeys", "name"},
	{reflect.TypeFor[api.PodSpec](), "initContainers", "merge", "name"},
	{reflect.TypeFor[api.PodSpec](), "containers", "merge", "name"},
	{reflect.TypeFor[api.PodSpec](), "ephemeralContainers", "merge", "name"},
	{reflect.TypeFor[api.PodSpec](), "imagePullSecrets", "merge", "name"},
	{reflect.TypeFor[api.PodSpec](), "hostAliases", "merge", "ip"},
	{reflect.TypeFor[api.PodSpec](), "topologySpreadConstraints", "merge", "topologyKey"},
	{reflect.TypeFor[api.PodSpec](), "schedulingGates", "merge", "name"},
	{reflect.TypeFor[api.PodSpec](), "resourceClaims", "merge,retainKeys", "name"},
	{reflect.TypeFor[api.PodSpec](), "evictionResponders", "merge", "name"},
	{reflect.TypeFor[api.Container](), "ports", "merge", "containerPort"},
	{reflect.TypeFor[api.Container](), "env", "merge", "name"},
	{reflect.TypeFor[api.Container](), "volumeMounts", "merge", "mountPath"},
	{reflect.TypeFor[api.Container](), "volumeDevices", "merge", "devicePath"},
	{reflect.TypeFor[api.EphemeralContainerCommon](), "ports", "merge", "containerPort"},
	{reflect.TypeFor[api.EphemeralContainerCommon](), "env", "merge", "name"},
	{reflect.TypeFor[api.EphemeralContainerCommon](), "volumeMounts", "merge", "mountPath"},
	{reflect.TypeFor[api.EphemeralContainerCommon](), "volumeDevices", "merge", "devicePath"},

	// core/v1 PodStatus
	{reflect.TypeFor[api.PodStatus](), "conditions", "merge", "type"},
	{reflect.TypeFor[api.PodStatus](), "podIPs", "merge", "ip"},
	{reflect.TypeFor[api.PodStatus](), "hostIPs", "merge", "ip"},

	// core/v1 Service
	{reflect.TypeFor[api.ServiceSpec](), "ports", "merge", "port"},

	// core/v1 Node
	{reflect.TypeFor[api.NodeSpec](), "podCIDRs", "merge", ""},
	{reflect.TypeFor[api.NodeStatus](), "conditions", "merge", "type"},
	{reflect.TypeFor[api.NodeStatus](), "addresses", "merge", "type"},

	// core/v1 ServiceAccount
	{reflect.TypeFor[api.ServiceAccount](), "secrets", "merge", "name"},

	// core/v1 Namespace
	{reflect.TypeFor[api.NamespaceStatus](), "conditions", "merge", "type"},
}

type tagKey struct {
	owner reflect.Type
	field string
}

type tagValue struct{ strategy, mergeKey string }

var tagTable = func() map[tagKey]tagValue {
	m := make(map[tagKey]tagValue, len(tags)+len(kindsTags))
	for _, t := range append(tags[:len(tags):len(tags)], kindsTags...) {
		m[tagKey{t.owner, t.field}] = tagValue{t.strategy, t.mergeKey}
	}
	return m
}()
