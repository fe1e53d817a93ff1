package api

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// upstreamTags is the json tag upstream gives every field this package
// models, keyed "GoType.GoField", transcribed from kubernetes/kubernetes:
//
//	staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/types.go  TypeMeta, ObjectMeta, OwnerReference, LabelSelector*
//	staging/src/k8s.io/api/apps/v1/types.go                    Deployment*, ReplicaSet*
//	staging/src/k8s.io/api/core/v1/types.go                    Pod*, Container*, Service*, Node*, Namespace*, Event*, ...
//	staging/src/k8s.io/api/discovery/v1/types.go               EndpointSlice, Endpoint*
//	staging/src/k8s.io/api/coordination/v1/types.go            Lease*
//	staging/src/k8s.io/api/node/v1/types.go                    RuntimeClass
//
// plus kubernetes/kubernetes#130989 (v1.34), which made
// ObjectMeta.CreationTimestamp `omitempty,omitzero`.
//
// The tags are copied, not reinterpreted, because encoding/json then
// behaves exactly as upstream's serializer (also encoding/json) does:
//   - omitempty never omits a struct: spec, status, strategy, resources,
//     lastState, loadBalancer, nodeInfo ... print as {} when empty;
//   - a metav1.Time field is a struct too, so an unset one prints null
//     (lastProbeTime: null), except creationTimestamp, which omitzero drops;
//   - pointers, slices, maps and scalars with omitempty are dropped when
//     nil, empty or zero;
//   - a field without omitempty always prints (ReplicaSetStatus.replicas: 0,
//     spec.selector: null, nodeInfo.machineID: "").
//
// A field added to the types must be added here with upstream's tag, or
// TestJSONTagsMatchUpstream fails: that is the point.
var upstreamTags = map[string]string{
	// meta/v1
	"TypeMeta.APIVersion":                   "apiVersion,omitempty",
	"TypeMeta.Kind":                         "kind,omitempty",
	"ObjectMeta.Name":                       "name,omitempty",
	"ObjectMeta.GenerateName":               "generateName,omitempty",
	"ObjectMeta.Namespace":                  "namespace,omitempty",
	"ObjectMeta.UID":                        "uid,omitempty",
	"ObjectMeta.ResourceVersion":            "resourceVersion,omitempty",
	"ObjectMeta.Generation":                 "generation,omitempty",
	"ObjectMeta.CreationTimestamp":          "creationTimestamp,omitempty,omitzero",
	"ObjectMeta.DeletionTimestamp":          "deletionTimestamp,omitempty",
	"ObjectMeta.DeletionGracePeriodSeconds": "deletionGracePeriodSeconds,omitempty",
	"ObjectMeta.Labels":                     "labels,omitempty",
	"ObjectMeta.Annotations":                "annotations,omitempty",
	"ObjectMeta.OwnerReferences":            "ownerReferences,omitempty",
	"ObjectMeta.Finalizers":                 "finalizers,omitempty",
	"OwnerReference.APIVersion":             "apiVersion",
	"OwnerReference.Kind":                   "kind",
	"OwnerReference.Name":                   "name",
	"OwnerReference.UID":                    "uid",
	"OwnerReference.Controller":             "controller,omitempty",
	"OwnerReference.BlockOwnerDeletion":     "blockOwnerDeletion,omitempty",
	"LabelSelector.MatchLabels":             "matchLabels,omitempty",
	"LabelSelector.MatchExpressions":        "matchExpressions,omitempty",
	"LabelSelectorRequirement.Key":          "key",
	"LabelSelectorRequirement.Operator":     "operator",
	"LabelSelectorRequirement.Values":       "values,omitempty",

	// apps/v1
	"Deployment.TypeMeta":                                ",inline",
	"Deployment.ObjectMeta":                              "metadata,omitempty",
	"Deployment.Spec":                                    "spec,omitempty",
	"Deployment.Status":                                  "status,omitempty",
	"DeploymentSpec.Replicas":                            "replicas,omitempty",
	"DeploymentSpec.Selector":                            "selector",
	"DeploymentSpec.Template":                            "template",
	"DeploymentSpec.Strategy":                            "strategy,omitempty",
	"DeploymentSpec.MinReadySeconds":                     "minReadySeconds,omitempty",
	"DeploymentSpec.RevisionHistoryLimit":                "revisionHistoryLimit,omitempty",
	"DeploymentSpec.Paused":                              "paused,omitempty",
	"DeploymentSpec.ProgressDeadlineSeconds":             "progressDeadlineSeconds,omitempty",
	"DeploymentStrategy.Type":                            "type,omitempty",
	"DeploymentStrategy.RollingUpdate":                   "rollingUpdate,omitempty",
	"RollingUpdateDeployment.MaxUnavailable":             "maxUnavailable,omitempty",
	"RollingUpdateDeployment.MaxSurge":                   "maxSurge,omitempty",
	"DeploymentStatus.ObservedGeneration":                "observedGeneration,omitempty",
	"DeploymentStatus.Replicas":                          "replicas,omitempty",
	"DeploymentStatus.UpdatedReplicas":                   "updatedReplicas,omitempty",
	"DeploymentStatus.ReadyReplicas":                     "readyReplicas,omitempty",
	"DeploymentStatus.AvailableReplicas":                 "availableReplicas,omitempty",
	"DeploymentStatus.UnavailableReplicas":               "unavailableReplicas,omitempty",
	"DeploymentStatus.TerminatingReplicas":               "terminatingReplicas,omitempty",
	"DeploymentStatus.Conditions":                        "conditions,omitempty",
	"DeploymentStatus.CollisionCount":                    "collisionCount,omitempty",
	"DeploymentCondition.Type":                           "type",
	"DeploymentCondition.Status":                         "status",
	"DeploymentCondition.LastUpdateTime":                 "lastUpdateTime,omitempty",
	"DeploymentCondition.LastTransitionTime":             "lastTransitionTime,omitempty",
	"DeploymentCondition.Reason":                         "reason,omitempty",
	"DeploymentCondition.Message":                        "message,omitempty",
	"ReplicaSet.TypeMeta":                                ",inline",
	"ReplicaSet.ObjectMeta":                              "metadata,omitempty",
	"ReplicaSet.Spec":                                    "spec,omitempty",
	"ReplicaSet.Status":                                  "status,omitempty",
	"ReplicaSetSpec.Replicas":                            "replicas,omitempty",
	"ReplicaSetSpec.MinReadySeconds":                     "minReadySeconds,omitempty",
	"ReplicaSetSpec.Selector":                            "selector",
	"ReplicaSetSpec.Template":                            "template,omitempty",
	"ReplicaSetStatus.Replicas":                          "replicas",
	"ReplicaSetStatus.FullyLabeledReplicas":              "fullyLabeledReplicas,omitempty",
	"ReplicaSetStatus.ReadyReplicas":                     "readyReplicas,omitempty",
	"ReplicaSetStatus.AvailableReplicas":                 "availableReplicas,omitempty",
	"ReplicaSetStatus.TerminatingReplicas":               "terminatingReplicas,omitempty",
	"ReplicaSetStatus.ObservedGeneration":                "observedGeneration,omitempty",
	"ReplicaSetStatus.Conditions":                        "conditions,omitempty",
	"ReplicaSetCondition.Type":                           "type",
	"ReplicaSetCondition.Status":                         "status",
	"ReplicaSetCondition.LastTransitionTime":             "lastTransitionTime,omitempty",
	"ReplicaSetCondition.Reason":                         "reason,omitempty",
	"ReplicaSetCondition.Message":                        "message,omitempty",
	"PodTemplateSpec.ObjectMeta":                         "metadata,omitempty",
	"PodTemplateSpec.Spec":                               "spec,omitempty",
	"Pod.TypeMeta":                                       ",inline",
	"Pod.ObjectMeta":                                     "metadata,omitempty",
	"Pod.Spec":                                           "spec,omitempty",
	"Pod.Status":                                         "status,omitempty",
	"NamespaceStatus.Conditions":                         "conditions,omitempty",
	"NamespaceCondition.Type":                            "type",
	"NamespaceCondition.Status":                          "status",
	"NamespaceCondition.LastTransitionTime":              "lastTransitionTime,omitempty",
	"NamespaceCondition.Reason":                          "reason,omitempty",
	"NamespaceCondition.Message":                         "message,omitempty",
	"PodCondition.Type":                                  "type",
	"PodCondition.ObservedGeneration":                    "observedGeneration,omitempty",
	"PodCondition.Status":                                "status",
	"PodCondition.LastProbeTime":                         "lastProbeTime,omitempty",
	"PodCondition.LastTransitionTime":                    "lastTransitionTime,omitempty",
	"PodCondition.Reason":                                "reason,omitempty",
	"PodCondition.Message":                               "message,omitempty",
	"PodIP.IP":                                           "ip",
	"HostIP.IP":                                          "ip",
	"PodStatus.Phase":                                    "phase,omitempty",
	"PodStatus.ObservedGeneration":                       "observedGeneration,omitempty",
	"PodStatus.Conditions":                               "conditions,omitempty",
	"PodStatus.Message":                                  "message,omitempty",
	"PodStatus.Reason":                                   "reason,omitempty",
	"PodStatus.HostIP":                                   "hostIP,omitempty",
	"PodStatus.HostIPs":                                  "hostIPs,omitempty",
	"PodStatus.PodIP":                                    "podIP,omitempty",
	"PodStatus.PodIPs":                                   "podIPs,omitempty",
	"PodStatus.StartTime":                                "startTime,omitempty",
	"PodStatus.InitContainerStatuses":                    "initContainerStatuses,omitempty",
	"PodStatus.ContainerStatuses":                        "containerStatuses,omitempty",
	"PodStatus.QOSClass":                                 "qosClass,omitempty",
	"ContainerStatus.Name":                               "name",
	"ContainerStatus.State":                              "state,omitempty",
	"ContainerStatus.LastTerminationState":               "lastState,omitempty",
	"ContainerStatus.Ready":                              "ready",
	"ContainerStatus.RestartCount":                       "restartCount",
	"ContainerStatus.Image":                              "image",
	"ContainerStatus.ImageID":                            "imageID",
	"ContainerStatus.ContainerID":                        "containerID,omitempty",
	"ContainerStatus.Started":                            "started,omitempty",
	"ContainerState.Waiting":                             "waiting,omitempty",
	"ContainerState.Running":                             "running,omitempty",
	"ContainerState.Terminated":                          "terminated,omitempty",
	"ContainerStateWaiting.Reason":                       "reason,omitempty",
	"ContainerStateWaiting.Message":                      "message,omitempty",
	"ContainerStateRunning.StartedAt":                    "startedAt,omitempty",
	"ContainerStateTerminated.ExitCode":                  "exitCode",
	"ContainerStateTerminated.Signal":                    "signal,omitempty",
	"ContainerStateTerminated.Reason":                    "reason,omitempty",
	"ContainerStateTerminated.Message":                   "message,omitempty",
	"ContainerStateTerminated.StartedAt":                 "startedAt,omitempty",
	"ContainerStateTerminated.FinishedAt":                "finishedAt,omitempty",
	"ContainerStateTerminated.ContainerID":               "containerID,omitempty",
	"Service.TypeMeta":                                   ",inline",
	"Service.ObjectMeta":                                 "metadata,omitempty",
	"Service.Spec":                                       "spec,omitempty",
	"Service.Status":                                     "status,omitempty",
	"ServiceSpec.Ports":                                  "ports,omitempty",
	"ServiceSpec.Selector":                               "selector,omitempty",
	"ServiceSpec.ClusterIP":                              "clusterIP,omitempty",
	"ServiceSpec.ClusterIPs":                             "clusterIPs,omitempty",
	"ServiceSpec.Type":                                   "type,omitempty",
	"ServiceSpec.ExternalIPs":                            "externalIPs,omitempty",
	"ServiceSpec.SessionAffinity":                        "sessionAffinity,omitempty",
	"ServiceSpec.ExternalName":                           "externalName,omitempty",
	"ServiceSpec.ExternalTrafficPolicy":                  "externalTrafficPolicy,omitempty",
	"ServiceSpec.PublishNotReadyAddresses":               "publishNotReadyAddresses,omitempty",
	"ServiceSpec.IPFamilies":                             "ipFamilies,omitempty",
	"ServiceSpec.IPFamilyPolicy":                         "ipFamilyPolicy,omitempty",
	"ServiceSpec.InternalTrafficPolicy":                  "internalTrafficPolicy,omitempty",
	"ServiceSpec.AllocateLoadBalancerNodePorts":          "allocateLoadBalancerNodePorts,omitempty",
	"ServicePort.Name":                                   "name,omitempty",
	"ServicePort.Protocol":                               "protocol,omitempty",
	"ServicePort.AppProtocol":                            "appProtocol,omitempty",
	"ServicePort.Port":                                   "port",
	"ServicePort.TargetPort":                             "targetPort,omitempty",
	"ServicePort.NodePort":                               "nodePort,omitempty",
	"ServiceStatus.LoadBalancer":                         "loadBalancer,omitempty",
	"LoadBalancerStatus.Ingress":                         "ingress,omitempty",
	"LoadBalancerIngress.IP":                             "ip,omitempty",
	"LoadBalancerIngress.Hostname":                       "hostname,omitempty",
	"Node.TypeMeta":                                      ",inline",
	"Node.ObjectMeta":                                    "metadata,omitempty",
	"Node.Spec":                                          "spec,omitempty",
	"Node.Status":                                        "status,omitempty",
	"NodeSpec.PodCIDR":                                   "podCIDR,omitempty",
	"NodeSpec.PodCIDRs":                                  "podCIDRs,omitempty",
	"NodeSpec.ProviderID":                                "providerID,omitempty",
	"NodeSpec.Unschedulable":                             "unschedulable,omitempty",
	"NodeSpec.Taints":                                    "taints,omitempty",
	"Taint.Key":                                          "key",
	"Taint.Value":                                        "value,omitempty",
	"Taint.Effect":                                       "effect",
	"Taint.TimeAdded":                                    "timeAdded,omitempty",
	"NodeCondition.Type":                                 "type",
	"NodeCondition.Status":                               "status",
	"NodeCondition.LastHeartbeatTime":                    "lastHeartbeatTime,omitempty",
	"NodeCondition.LastTransitionTime":                   "lastTransitionTime,omitempty",
	"NodeCondition.Reason":                               "reason,omitempty",
	"NodeCondition.Message":                              "message,omitempty",
	"NodeAddress.Type":                                   "type",
	"NodeAddress.Address":                                "address",
	"NodeSystemInfo.MachineID":                           "machineID",
	"NodeSystemInfo.SystemUUID":                          "systemUUID",
	"NodeSystemInfo.BootID":                              "bootID",
	"NodeSystemInfo.KubeletVersion":                      "kubeletVersion",
	"NodeSystemInfo.ContainerRuntimeVersion":             "containerRuntimeVersion",
	"NodeSystemInfo.OSImage":                             "osImage",
	"NodeSystemInfo.KernelVersion":                       "kernelVersion",
	"NodeSystemInfo.OperatingSystem":                     "operatingSystem",
	"NodeSystemInfo.Architecture":                        "architecture",
	"ContainerImage.Names":                               "names",
	"ContainerImage.SizeBytes":                           "sizeBytes,omitempty",
	"NodeStatus.Capacity":                                "capacity,omitempty",
	"NodeStatus.Allocatable":                             "allocatable,omitempty",
	"NodeStatus.Conditions":                              "conditions,omitempty",
	"NodeStatus.Addresses":                               "addresses,omitempty",
	"NodeStatus.NodeInfo":                                "nodeInfo,omitempty",
	"NodeStatus.Images":                                  "images,omitempty",
	"NodeStatus.RuntimeHandlers":                         "runtimeHandlers,omitempty",
	"NodeRuntimeHandler.Name":                            "name",
	"NodeRuntimeHandler.Features":                        "features,omitempty",
	"NodeRuntimeHandlerFeatures.RecursiveReadOnlyMounts": "recursiveReadOnlyMounts,omitempty",
	"NodeRuntimeHandlerFeatures.UserNamespaces":          "userNamespaces,omitempty",
	"Namespace.TypeMeta":                                 ",inline",
	"Namespace.ObjectMeta":                               "metadata,omitempty",
	"Namespace.Spec":                                     "spec,omitempty",
	"Namespace.Status":                                   "status,omitempty",
	"NamespaceSpec.Finalizers":                           "finalizers,omitempty",
	"NamespaceStatus.Phase":                              "phase,omitempty",
	"Event.TypeMeta":                                     ",inline",
	"Event.ObjectMeta":                                   "metadata",
	"Event.InvolvedObject":                               "involvedObject",
	"Event.Reason":                                       "reason,omitempty",
	"Event.Message":                                      "message,omitempty",
	"Event.Source":                                       "source,omitempty",
	"Event.FirstTimestamp":                               "firstTimestamp,omitempty",
	"Event.LastTimestamp":                                "lastTimestamp,omitempty",
	"Event.Count":                                        "count,omitempty",
	"Event.Type":                                         "type,omitempty",
	"Event.ReportingComponent":                           "reportingComponent",
	"Event.ReportingInstance":                            "reportingInstance",
	"EventSource.Component":                              "component,omitempty",
	"EventSource.Host":                                   "host,omitempty",
	"ObjectReference.Kind":                               "kind,omitempty",
	"ObjectReference.Namespace":                          "namespace,omitempty",
	"ObjectReference.Name":                               "name,omitempty",
	"ObjectReference.UID":                                "uid,omitempty",
	"ObjectReference.APIVersion":                         "apiVersion,omitempty",
	"ObjectReference.ResourceVersion":                    "resourceVersion,omitempty",
	"ObjectReference.FieldPath":                          "fieldPath,omitempty",
	"ResourceQuota.TypeMeta":                             ",inline",
	"ResourceQuota.ObjectMeta":                           "metadata,omitempty",
	"ResourceQuota.Spec":                                 "spec,omitempty",
	"ResourceQuota.Status":                               "status,omitempty",
	"ResourceQuotaSpec.Hard":                             "hard,omitempty",
	"ResourceQuotaStatus.Hard":                           "hard,omitempty",
	"ResourceQuotaStatus.Used":                           "used,omitempty",
	"ConfigMap.TypeMeta":                                 ",inline",
	"ConfigMap.ObjectMeta":                               "metadata,omitempty",
	"ConfigMap.Immutable":                                "immutable,omitempty",
	"ConfigMap.Data":                                     "data,omitempty",
	"ConfigMap.BinaryData":                               "binaryData,omitempty",
	"Secret.TypeMeta":                                    ",inline",
	"Secret.ObjectMeta":                                  "metadata,omitempty",
	"Secret.Immutable":                                   "immutable,omitempty",
	"Secret.Data":                                        "data,omitempty",
	"Secret.StringData":                                  "stringData,omitempty",
	"Secret.Type":                                        "type,omitempty",
	"ServiceAccount.TypeMeta":                            ",inline",
	"ServiceAccount.ObjectMeta":                          "metadata,omitempty",
	"ServiceAccount.Secrets":                             "secrets,omitempty",
	"ServiceAccount.ImagePullSecrets":                    "imagePullSecrets,omitempty",
	"ServiceAccount.AutomountServiceAccountToken":        "automountServiceAccountToken,omitempty",

	"Endpoints.TypeMeta":               ",inline",
	"Endpoints.ObjectMeta":             "metadata,omitempty",
	"Endpoints.Subsets":                "subsets,omitempty",
	"EndpointSubset.Addresses":         "addresses,omitempty",
	"EndpointSubset.NotReadyAddresses": "notReadyAddresses,omitempty",
	"EndpointSubset.Ports":             "ports,omitempty",
	"EndpointAddress.IP":               "ip",
	"EndpointAddress.Hostname":         "hostname,omitempty",
	"EndpointAddress.NodeName":         "nodeName,omitempty",
	"EndpointAddress.TargetRef":        "targetRef,omitempty",
	"CoreEndpointPort.Name":            "name,omitempty",
	"CoreEndpointPort.Port":            "port",
	"CoreEndpointPort.Protocol":        "protocol,omitempty",
	"CoreEndpointPort.AppProtocol":     "appProtocol,omitempty",

	// discovery/v1
	"EndpointSlice.TypeMeta":         ",inline",
	"EndpointSlice.ObjectMeta":       "metadata,omitempty",
	"EndpointSlice.AddressType":      "addressType",
	"EndpointSlice.Endpoints":        "endpoints",
	"EndpointSlice.Ports":            "ports",
	"Endpoint.Addresses":             "addresses",
	"Endpoint.Conditions":            "conditions,omitempty",
	"Endpoint.Hostname":              "hostname,omitempty",
	"Endpoint.TargetRef":             "targetRef,omitempty",
	"Endpoint.NodeName":              "nodeName,omitempty",
	"Endpoint.Zone":                  "zone,omitempty",
	"EndpointConditions.Ready":       "ready,omitempty",
	"EndpointConditions.Serving":     "serving,omitempty",
	"EndpointConditions.Terminating": "terminating,omitempty",
	"EndpointPort.Name":              "name,omitempty",
	"EndpointPort.Protocol":          "protocol,omitempty",
	"EndpointPort.Port":              "port,omitempty",
	"EndpointPort.AppProtocol":       "appProtocol,omitempty",

	// coordination/v1
	"Lease.TypeMeta":                 ",inline",
	"Lease.ObjectMeta":               "metadata,omitempty",
	"Lease.Spec":                     "spec,omitempty",
	"LeaseSpec.HolderIdentity":       "holderIdentity,omitempty",
	"LeaseSpec.LeaseDurationSeconds": "leaseDurationSeconds,omitempty",
	"LeaseSpec.AcquireTime":          "acquireTime,omitempty",
	"LeaseSpec.RenewTime":            "renewTime,omitempty",
	"LeaseSpec.LeaseTransitions":     "leaseTransitions,omitempty",

	// node/v1
	"RuntimeClass.TypeMeta":   ",inline",
	"RuntimeClass.ObjectMeta": "metadata,omitempty",
	"RuntimeClass.Handler":    "handler",
	"RuntimeClass.Overhead":   "overhead,omitempty",
	"RuntimeClass.Scheduling": "scheduling,omitempty",
	"Overhead.PodFixed":       "podFixed,omitempty",
	"Scheduling.NodeSelector": "nodeSelector,omitempty",
	"Scheduling.Tolerations":  "tolerations,omitempty",
}

// opaqueJSON are this package's types that marshal themselves
// (metav1.Time, metav1.MicroTime, intstr.IntOrString): their fields are
// not JSON fields, so the walk does not enter them.
var opaqueJSON = []reflect.Type{reflect.TypeFor[Time](), reflect.TypeFor[MicroTime](), reflect.TypeFor[IntOrString]()}

// apiStructFields visits every field of every struct type of this
// package reachable from a served kind, once each, as "Type.Field".
func apiStructFields(visit func(key string, f reflect.StructField)) {
	pkg := reflect.TypeFor[ObjectMeta]().PkgPath()
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map || t.Kind() == reflect.Array {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || t.PkgPath() != pkg || seen[t] || slices.Contains(opaqueJSON, t) {
			return
		}
		seen[t] = true
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			visit(t.Name()+"."+f.Name, f)
			walk(f.Type)
		}
	}
	for _, k := range Kinds() {
		walk(reflect.TypeOf(k.New()))
	}
}

// TestJSONTagsMatchUpstream: every field's json tag is upstream's, and
// every table entry still names a field.
func TestJSONTagsMatchUpstream(t *testing.T) {
	used := map[string]bool{}
	apiStructFields(func(key string, f reflect.StructField) {
		used[key] = true
		got := f.Tag.Get("json")
		want, ok := upstreamTags[key]
		switch {
		case !ok:
			t.Errorf("%s (json:%q) is not in upstreamTags: add it with the json tag upstream's k8s.io/api types.go gives it", key, got)
		case got != want:
			t.Errorf("%s: json tag %q, upstream has %q", key, got, want)
		}
	})
	for key := range upstreamTags {
		if !used[key] {
			t.Errorf("upstreamTags has %s, which no served type has: remove it", key)
		}
	}
}

// TestOmitzeroOnlyOnCreationTimestamp: upstream uses omitzero on one field.
// Anywhere else it would drop a struct upstream prints as {} or null.
func TestOmitzeroOnlyOnCreationTimestamp(t *testing.T) {
	apiStructFields(func(key string, f reflect.StructField) {
		if strings.Contains(f.Tag.Get("json"), "omitzero") && key != "ObjectMeta.CreationTimestamp" {
			t.Errorf("%s is tagged omitzero; upstream serialises it whenever it is a struct", key)
		}
	})
}

// TestZeroValuesSerialiseAsUpstream: what encoding/json makes of empty
// objects and parts, which is what upstream's types give (the API server
// and kubectl both serialise with encoding/json semantics).
func TestZeroValuesSerialiseAsUpstream(t *testing.T) {
	for _, tt := range []struct {
		name string
		v    any
		want string
	}{
		{"Deployment", &Deployment{},
			`{"metadata":{},"spec":{"selector":null,"template":{"metadata":{},"spec":{"containers":null}},"strategy":{}},"status":{}}`},
		{"ReplicaSet", &ReplicaSet{},
			`{"metadata":{},"spec":{"selector":null,"template":{"metadata":{},"spec":{"containers":null}}},"status":{"replicas":0}}`},
		{"Pod", &Pod{}, `{"metadata":{},"spec":{"containers":null},"status":{}}`},
		{"Service", &Service{}, `{"metadata":{},"spec":{},"status":{"loadBalancer":{}}}`},
		{"Namespace", &Namespace{}, `{"metadata":{},"spec":{},"status":{}}`},
		{"Node", &Node{}, `{"metadata":{},"spec":{},"status":{"nodeInfo":{"machineID":"","systemUUID":"","bootID":"",` +
			`"kubeletVersion":"","containerRuntimeVersion":"","osImage":"","kernelVersion":"","operatingSystem":"","architecture":""}}}`},
		{"Event", &Event{}, `{"metadata":{},"involvedObject":{},"source":{},"firstTimestamp":null,"lastTimestamp":null,` +
			`"reportingComponent":"","reportingInstance":""}`},
		{"EndpointSlice", &EndpointSlice{}, `{"metadata":{},"addressType":"","endpoints":null,"ports":null}`},
		{"Endpoint", &Endpoint{}, `{"addresses":null,"conditions":{}}`},
		{"Endpoints", &Endpoints{}, `{"metadata":{}}`},
		{"EndpointAddress", &EndpointAddress{}, `{"ip":""}`},
		{"CoreEndpointPort", &CoreEndpointPort{}, `{"port":0}`},
		{"Lease", &Lease{}, `{"metadata":{},"spec":{}}`},
		{"Container", &Container{}, `{"name":"","resources":{}}`},
		{"PodCondition", &PodCondition{}, `{"type":"","status":"","lastProbeTime":null,"lastTransitionTime":null}`},
		{"ContainerStatus", &ContainerStatus{},
			`{"name":"","state":{},"lastState":{},"ready":false,"restartCount":0,"image":"","imageID":""}`},
		{"ContainerStateTerminated", &ContainerStateTerminated{}, `{"exitCode":0,"startedAt":null,"finishedAt":null}`},
		{"DeploymentCondition", &DeploymentCondition{}, `{"type":"","status":"","lastUpdateTime":null,"lastTransitionTime":null}`},
		{"NodeCondition", &NodeCondition{}, `{"type":"","status":"","lastHeartbeatTime":null,"lastTransitionTime":null}`},
		{"ServicePort", &ServicePort{}, `{"port":0,"targetPort":0}`},
		{"GRPCAction", &GRPCAction{}, `{"port":0,"service":null}`},
	} {
		b, err := json.Marshal(tt.v)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if string(b) != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, b, tt.want)
		}
	}
}
