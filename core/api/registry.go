package api

import (
	"reflect"
	"strings"
)

// KindInfo describes one kind as API discovery would: its group/version,
// resource names, scope and how to make an empty object of it.
type KindInfo struct {
	Kind       string
	Group      string // "" for the core group
	Version    string
	Resource   string // plural, lower case: "deployments"
	Singular   string
	ShortNames []string
	Namespaced bool
	Categories []string // "all" for the kinds `kubectl get all` lists
	New        func() Object
	// DeprecatedIn and Replacement model a type's APILifecycleDeprecated
	// and APILifecycleReplacement: every request on a deprecated kind gets
	// the API server's deprecation warning.
	DeprecatedIn string // "v1.33"
	Replacement  string // "discovery.k8s.io/v1 EndpointSlice"
	// AlsoServedAs are the older group versions the server still serves
	// the kind in, which discovery lists but api-resources does not.
	AlsoServedAs []string // "autoscaling/v1"
}

// DeprecationWarning is the warning the API server returns with every
// request on a deprecated kind (the apiserver's deprecation filter:
// "v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1
// EndpointSlice"), or "".
func (k *KindInfo) DeprecationWarning() string {
	if k.DeprecatedIn == "" {
		return ""
	}
	return k.APIVersion() + " " + k.Kind + " is deprecated in " + k.DeprecatedIn + "+; use " + k.Replacement
}

// APIVersion is "group/version", or just "version" for the core group.
func (k *KindInfo) APIVersion() string {
	if k.Group == "" {
		return k.Version
	}
	return k.Group + "/" + k.Version
}

// GroupResource is how the API server names the resource in errors:
// "deployments.apps", or "pods" for the core group.
func (k *KindInfo) GroupResource() string {
	if k.Group == "" {
		return k.Resource
	}
	return k.Resource + "." + k.Group
}

// GroupKind is "Deployment.apps", or "Pod" for the core group.
func (k *KindInfo) GroupKind() string {
	if k.Group == "" {
		return k.Kind
	}
	return k.Kind + "." + k.Group
}

// kinds lists every kind the playground serves, in discovery order. The
// names, short names and categories are those of a v1.37 API server.
var kinds = []*KindInfo{
	{Kind: "Namespace", Version: "v1", Resource: "namespaces", Singular: "namespace", ShortNames: []string{"ns"},
		New: func() Object { return &Namespace{} }},
	{Kind: "Node", Version: "v1", Resource: "nodes", Singular: "node", ShortNames: []string{"no"},
		New: func() Object { return &Node{} }},
	{Kind: "Pod", Version: "v1", Resource: "pods", Singular: "pod", ShortNames: []string{"po"}, Namespaced: true,
		Categories: []string{"all"}, New: func() Object { return &Pod{} }},
	{Kind: "Service", Version: "v1", Resource: "services", Singular: "service", ShortNames: []string{"svc"},
		Namespaced: true, Categories: []string{"all"}, New: func() Object { return &Service{} }},
	{Kind: "Endpoints", Version: "v1", Resource: "endpoints", Singular: "endpoints", ShortNames: []string{"ep"},
		Namespaced: true, New: func() Object { return &Endpoints{} },
		DeprecatedIn: "v1.33", Replacement: "discovery.k8s.io/v1 EndpointSlice"},
	{Kind: "Event", Version: "v1", Resource: "events", Singular: "event", ShortNames: []string{"ev"},
		Namespaced: true, New: func() Object { return &Event{} }},
	{Kind: "ResourceQuota", Version: "v1", Resource: "resourcequotas", Singular: "resourcequota",
		ShortNames: []string{"quota"}, Namespaced: true, New: func() Object { return &ResourceQuota{} }},
	{Kind: "ConfigMap", Version: "v1", Resource: "configmaps", Singular: "configmap", ShortNames: []string{"cm"},
		Namespaced: true, New: func() Object { return &ConfigMap{} }},
	{Kind: "Secret", Version: "v1", Resource: "secrets", Singular: "secret", Namespaced: true,
		New: func() Object { return &Secret{} }},
	{Kind: "ServiceAccount", Version: "v1", Resource: "serviceaccounts", Singular: "serviceaccount",
		ShortNames: []string{"sa"}, Namespaced: true, New: func() Object { return &ServiceAccount{} }},
	{Kind: "PersistentVolumeClaim", Version: "v1", Resource: "persistentvolumeclaims", Singular: "persistentvolumeclaim",
		ShortNames: []string{"pvc"}, Namespaced: true, New: func() Object { return &PersistentVolumeClaim{} }},
	{Kind: "PersistentVolume", Version: "v1", Resource: "persistentvolumes", Singular: "persistentvolume",
		ShortNames: []string{"pv"}, New: func() Object { return &PersistentVolume{} }},
	{Kind: "Deployment", Group: "apps", Version: "v1", Resource: "deployments", Singular: "deployment",
		ShortNames: []string{"deploy"}, Namespaced: true, Categories: []string{"all"},
		New: func() Object { return &Deployment{} }},
	{Kind: "ReplicaSet", Group: "apps", Version: "v1", Resource: "replicasets", Singular: "replicaset",
		ShortNames: []string{"rs"}, Namespaced: true, Categories: []string{"all"},
		New: func() Object { return &ReplicaSet{} }},
	{Kind: "HorizontalPodAutoscaler", Group: "autoscaling", Version: "v2", Resource: "horizontalpodautoscalers",
		Singular: "horizontalpodautoscaler", ShortNames: []string{"hpa"}, Namespaced: true, Categories: []string{"all"},
		New: func() Object { return &HorizontalPodAutoscaler{} }, AlsoServedAs: []string{"autoscaling/v1"}},
	{Kind: "Ingress", Group: "networking.k8s.io", Version: "v1", Resource: "ingresses", Singular: "ingress",
		ShortNames: []string{"ing"}, Namespaced: true, New: func() Object { return &Ingress{} }},
	{Kind: "IngressClass", Group: "networking.k8s.io", Version: "v1", Resource: "ingressclasses",
		Singular: "ingressclass", New: func() Object { return &IngressClass{} }},
	{Kind: "NetworkPolicy", Group: "networking.k8s.io", Version: "v1", Resource: "networkpolicies",
		Singular: "networkpolicy", ShortNames: []string{"netpol"}, Namespaced: true,
		New: func() Object { return &NetworkPolicy{} }},
	{Kind: "PodDisruptionBudget", Group: "policy", Version: "v1", Resource: "poddisruptionbudgets",
		Singular: "poddisruptionbudget", ShortNames: []string{"pdb"}, Namespaced: true,
		New: func() Object { return &PodDisruptionBudget{} }},
	{Kind: "StorageClass", Group: "storage.k8s.io", Version: "v1", Resource: "storageclasses",
		Singular: "storageclass", ShortNames: []string{"sc"}, New: func() Object { return &StorageClass{} }},
	{Kind: "EndpointSlice", Group: "discovery.k8s.io", Version: "v1", Resource: "endpointslices",
		Singular: "endpointslice", Namespaced: true, New: func() Object { return &EndpointSlice{} }},
	{Kind: "Lease", Group: "coordination.k8s.io", Version: "v1", Resource: "leases", Singular: "lease",
		Namespaced: true, New: func() Object { return &Lease{} }},
	{Kind: "RuntimeClass", Group: "node.k8s.io", Version: "v1", Resource: "runtimeclasses",
		Singular: "runtimeclass", New: func() Object { return &RuntimeClass{} }},
}

// The kinds by name, for code that means one kind: a typed value where
// LookupKind("...") would hand back a nil for a misspelt name.
var (
	NamespaceKind      = kindNamed("Namespace")
	NodeKind           = kindNamed("Node")
	PodKind            = kindNamed("Pod")
	ServiceKind        = kindNamed("Service")
	EndpointsKind      = kindNamed("Endpoints")
	EventKind          = kindNamed("Event")
	ResourceQuotaKind  = kindNamed("ResourceQuota")
	DeploymentKind     = kindNamed("Deployment")
	ReplicaSetKind     = kindNamed("ReplicaSet")
	EndpointSliceKind  = kindNamed("EndpointSlice")
	LeaseKind          = kindNamed("Lease")
	RuntimeClassKind   = kindNamed("RuntimeClass")
	ConfigMapKind      = kindNamed("ConfigMap")
	SecretKind         = kindNamed("Secret")
	ServiceAccountKind = kindNamed("ServiceAccount")
	IngressKind        = kindNamed("Ingress")
	IngressClassKind   = kindNamed("IngressClass")
)

// kindNamed finds a kind of the list while the package initialises (before
// init builds byKind); a name not in the list is a programming error.
func kindNamed(name string) *KindInfo {
	for _, k := range kinds {
		if k.Kind == name {
			return k
		}
	}
	panic("api: no kind " + name)
}

var (
	byKind = map[string]*KindInfo{}
	byType = map[reflect.Type]*KindInfo{}
)

func init() {
	for _, k := range kinds {
		byKind[k.Kind] = k
		byType[reflect.TypeOf(k.New())] = k
	}
}

// Kinds returns every served kind in discovery order. Callers must not modify it.
func Kinds() []*KindInfo { return kinds }

// LookupKind finds a kind by its exact Kind name ("Deployment").
func LookupKind(kind string) (*KindInfo, bool) {
	k, ok := byKind[kind]
	return k, ok
}

// KindOf returns the KindInfo for a typed object.
func KindOf(obj Object) *KindInfo { return byType[reflect.TypeOf(obj)] }

// LookupResource resolves what a user types after `kubectl get`: a plural,
// singular or short name, optionally qualified by group
// ("deployments.apps", "deploy"). Matching is case-insensitive, as kubectl's.
func LookupResource(name string) (*KindInfo, bool) {
	name = strings.ToLower(name)
	res, group, qualified := strings.Cut(name, ".")
	for _, k := range kinds {
		if qualified && k.Group != group {
			continue
		}
		if res == k.Resource || res == k.Singular || res == strings.ToLower(k.Kind) {
			return k, true
		}
		for _, s := range k.ShortNames {
			if res == s {
				return k, true
			}
		}
	}
	return nil, false
}

// SetTypeMeta fills apiVersion and kind from the object's Go type, so objects
// always leave the store self-describing.
func SetTypeMeta(obj Object) {
	if k := KindOf(obj); k != nil {
		tm := obj.GetTypeMeta()
		tm.APIVersion, tm.Kind = k.APIVersion(), k.Kind
	}
}
