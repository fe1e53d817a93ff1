package apiserver

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// Constants of the ServiceAccount admission plugin
// (plugin/pkg/admission/serviceaccount/admission.go) and of the bound token
// it projects (pkg/serviceaccount WarnOnlyBoundTokenExpirationSeconds: an
// hour and seven seconds, so the kubelet refreshes the token before an
// hour has passed).
const (
	DefaultServiceAccountName           = "default"
	ServiceAccountVolumeName            = "kube-api-access"
	DefaultAPITokenMountPath            = "/var/run/secrets/kubernetes.io/serviceaccount"
	WarnOnlyBoundTokenExpirationSeconds = 60*60 + 7
	// RootCAConfigMapName is the ConfigMap the root-ca-cert-publisher
	// controller keeps in every namespace (kube-root-ca.crt).
	RootCAConfigMapName = "kube-root-ca.crt"
)

// mirrorPodAnnotation marks a kubelet's mirror of a static pod
// (api.MirrorPodAnnotationKey).
const mirrorPodAnnotation = "kubernetes.io/config.mirror"

// ServiceAccount models the ServiceAccount admission plugin (Plugin.Admit
// and Plugin.Validate), on by default upstream. On every pod create
// through the main endpoint it
//
//  1. sets spec.serviceAccountName to "default" when it is empty (and
//     spec.serviceAccount, its deprecated alias, with it);
//  2. refuses the pod when that service account does not exist:
//     `pods "x" is forbidden: error looking up service account
//     default/foo: serviceaccount "foo" not found`;
//  3. unless the pod's automountServiceAccountToken, else the account's,
//     is false (shouldAutomount), mounts the API credentials: a projected
//     volume kube-api-access-<5 random chars> (serviceAccountToken
//     expiring in 3607 s at "token", the ca.crt of ConfigMap
//     kube-root-ca.crt, and the pod's namespace through the downward API,
//     defaultMode 0644) and, in every init and regular container that has
//     nothing at the path yet, a read-only mount of it at
//     /var/run/secrets/kubernetes.io/serviceaccount;
//  4. gives a pod with no imagePullSecrets the account's.
//
// Updates are left alone (upstream mutates and validates on create only),
// and so are pod templates: a Deployment's template never gains the volume,
// so its pod-template-hash does not move.
//
// With Stored set (InstallServiceAccounts, as the standard cluster does)
// the accounts are the stored ServiceAccounts, which the serviceaccounts
// controller creates in every namespace as it appears. A server without
// that controller (the components' unit tests) treats "default" as the
// one account every namespace has, and reads no account's settings.
type ServiceAccount struct{ Stored bool }

// InstallServiceAccounts makes the chain's ServiceAccount plugin look
// accounts up in the store.
func InstallServiceAccounts(s *Server) {
	for i, p := range s.Plugins {
		if p.Name() == (ServiceAccount{}).Name() {
			s.Plugins[i] = ServiceAccount{Stored: true}
		}
	}
}

// Name implements Plugin.
func (ServiceAccount) Name() string { return "ServiceAccount" }

// Admit implements Plugin.
func (p ServiceAccount) Admit(a *Attributes) error {
	pod := admittedPod(a)
	if pod == nil || a.Operation != OperationCreate {
		return nil
	}
	// A mirror pod's spec is the kubelet's copy of a static pod: it is
	// checked, never changed (Plugin.Validate's mirror pod branch).
	if _, mirror := pod.Annotations[mirrorPodAnnotation]; mirror {
		return validateMirrorPod(a, pod)
	}
	if pod.Spec.ServiceAccountName == "" {
		pod.Spec.ServiceAccountName = DefaultServiceAccountName
	}
	// Convert_core_PodSpec_To_v1_PodSpec keeps the alias in step.
	pod.Spec.DeprecatedServiceAccount = pod.Spec.ServiceAccountName
	sa, err := p.lookup(a.server, a.Namespace, pod.Spec.ServiceAccountName)
	if err != nil {
		return NewForbidden(a.Kind, admissionName(a), fmt.Errorf("error looking up service account %s/%s: serviceaccount %q not found",
			a.Namespace, pod.Spec.ServiceAccountName, pod.Spec.ServiceAccountName))
	}
	if shouldAutomount(sa, pod) {
		mountServiceAccountToken(a.server, pod)
	}
	if len(pod.Spec.ImagePullSecrets) == 0 && len(sa.ImagePullSecrets) > 0 {
		for _, s := range sa.ImagePullSecrets {
			pod.Spec.ImagePullSecrets = append(pod.Spec.ImagePullSecrets, api.LocalObjectReference{Name: s.Name})
		}
	}
	return nil
}

// lookup models Plugin.getServiceAccount. For "default" upstream retries
// its live lookup for about a second, long enough for the controller to
// create the account of a namespace made in the same breath (a Namespace
// and a Pod in one apply). Time does not pass inside a request here, so
// a missing default account of an active namespace is taken to be the
// empty account the controller is about to create.
func (p ServiceAccount) lookup(s *Server, namespace, name string) (*api.ServiceAccount, error) {
	if p.Stored {
		sa, err := GetAs[*api.ServiceAccount](s, namespace, name)
		if err != nil && name == DefaultServiceAccountName {
			if ns, nsErr := GetAs[*api.Namespace](s, "", namespace); nsErr == nil && ns.Status.Phase == api.NamespaceActive {
				return &api.ServiceAccount{}, nil
			}
		}
		return sa, err
	}
	if name == DefaultServiceAccountName {
		return &api.ServiceAccount{}, nil
	}
	return nil, errors.New("not found")
}

// shouldAutomount models shouldAutomount: the pod's preference, else the
// account's, else true.
func shouldAutomount(sa *api.ServiceAccount, pod *api.Pod) bool {
	if v := pod.Spec.AutomountServiceAccountToken; v != nil {
		return *v
	}
	if v := sa.AutomountServiceAccountToken; v != nil {
		return *v
	}
	return true
}

// validateMirrorPod models Plugin.Validate for mirror pods: they may not
// name a service account or project a service account token.
func validateMirrorPod(a *Attributes, pod *api.Pod) error {
	if pod.Spec.ServiceAccountName != "" {
		return NewForbidden(a.Kind, admissionName(a), fmt.Errorf("a mirror pod may not reference service accounts"))
	}
	for _, v := range pod.Spec.Volumes {
		if v.Projected == nil {
			continue
		}
		for _, src := range v.Projected.Sources {
			if src.ServiceAccountToken != nil {
				return NewForbidden(a.Kind, admissionName(a),
					fmt.Errorf("a mirror pod may not use ServiceAccountToken volume projections"))
			}
		}
	}
	return nil
}

// mountServiceAccountToken models Plugin.mountServiceAccountToken. A pod
// that already has a kube-api-access-* volume keeps it; otherwise the name
// is drawn as generateName draws one, from the cluster's seeded source,
// before it is known whether any container needs it (as upstream).
func mountServiceAccountToken(s *Server, pod *api.Pod) {
	name, hasVolume := "", false
	for _, v := range pod.Spec.Volumes {
		if strings.HasPrefix(v.Name, ServiceAccountVolumeName+"-") {
			name, hasVolume = v.Name, true
			break
		}
	}
	if name == "" {
		name = generateName(s.rng, ServiceAccountVolumeName+"-")
	}
	mount := api.VolumeMount{Name: name, ReadOnly: true, MountPath: DefaultAPITokenMountPath}
	needsVolume := false
	for _, list := range [][]api.Container{pod.Spec.InitContainers, pod.Spec.Containers} {
		for i := range list {
			c := &list[i]
			if !mountsAt(c, DefaultAPITokenMountPath) {
				c.VolumeMounts = append(c.VolumeMounts, mount)
				needsVolume = true
			}
		}
	}
	if !hasVolume && needsVolume {
		pod.Spec.Volumes = append(pod.Spec.Volumes, api.Volume{Name: name,
			VolumeSource: api.VolumeSource{Projected: tokenVolumeSource()}})
	}
}

func mountsAt(c *api.Container, path string) bool {
	for _, m := range c.VolumeMounts {
		if m.MountPath == path {
			return true
		}
	}
	return false
}

// tokenVolumeSource models TokenVolumeSource: the projected sources of the
// API credentials volume. Admission runs after defaulting, so the default
// mode is written out here (kubernetes#104464).
func tokenVolumeSource() *api.ProjectedVolumeSource {
	mode := api.ProjectedVolumeSourceDefaultMode
	expiration := int64(WarnOnlyBoundTokenExpirationSeconds)
	return &api.ProjectedVolumeSource{
		DefaultMode: &mode,
		Sources: []api.VolumeProjection{
			{ServiceAccountToken: &api.ServiceAccountTokenProjection{Path: "token", ExpirationSeconds: &expiration}},
			{ConfigMap: &api.ConfigMapProjection{
				LocalObjectReference: api.LocalObjectReference{Name: RootCAConfigMapName},
				Items:                []api.KeyToPath{{Key: "ca.crt", Path: "ca.crt"}},
			}},
			{DownwardAPI: &api.DownwardAPIProjection{Items: []api.DownwardAPIVolumeFile{{
				Path:     "namespace",
				FieldRef: &api.ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.namespace"},
			}}}},
		},
	}
}

// admittedPod returns the pod of a write to the pods resource itself (not
// a subresource), or nil: the requests the pod admission plugins act on.
func admittedPod(a *Attributes) *api.Pod {
	if a.Kind == nil || a.Kind.Kind != "Pod" || a.Kind.Group != "" || a.Subresource != "" {
		return nil
	}
	pod, _ := a.Object.(*api.Pod)
	return pod
}

// admissionName models admission's extractResourceName: the name in an
// admission error is the request's, else the object's, else its
// generateName (names are generated after mutating admission), else
// "Unknown". So a ReplicaSet's refused pod reads `pods "web-7d4b9c-" is
// forbidden: ...`.
func admissionName(a *Attributes) string {
	if a.Name != "" {
		return a.Name
	}
	if a.Object != nil {
		m := a.Object.GetObjectMeta()
		if m.Name != "" {
			return m.Name
		}
		if m.GenerateName != "" {
			return m.GenerateName
		}
	}
	return "Unknown"
}
