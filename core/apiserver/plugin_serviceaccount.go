package apiserver

import (
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
//  3. unless spec.automountServiceAccountToken is false, mounts the API
//     credentials: a projected volume kube-api-access-<5 random chars>
//     (serviceAccountToken expiring in 3607 s at "token", the ca.crt of
//     ConfigMap kube-root-ca.crt, and the pod's namespace through the
//     downward API, defaultMode 0644) and, in every init and regular
//     container that has nothing at the path yet, a read-only mount of it
//     at /var/run/secrets/kubernetes.io/serviceaccount.
//
// Updates are left alone (upstream mutates and validates on create only),
// and so are pod templates: a Deployment's template never gains the volume,
// so its pod-template-hash does not move.
//
// What is modelled of the objects involved: the playground has no
// ServiceAccount or ConfigMap kind. Every namespace has exactly the
// ServiceAccount "default", which upstream's serviceaccounts-controller
// creates in each namespace as it appears, with no image pull secrets and
// no automountServiceAccountToken opinion; a pod naming any other account
// is refused, as upstream refuses it until someone creates that account.
// The ConfigMap kube-root-ca.crt is only named by the volume, and the
// kubelet mounts nothing.
type ServiceAccount struct{}

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
	if err := serviceAccountExists(a.Namespace, pod.Spec.ServiceAccountName); err != nil {
		return NewForbidden(a.Kind, admissionName(a), fmt.Errorf("error looking up service account %s/%s: %w",
			a.Namespace, pod.Spec.ServiceAccountName, err))
	}
	if pod.Spec.AutomountServiceAccountToken == nil || *pod.Spec.AutomountServiceAccountToken {
		mountServiceAccountToken(a.server, pod)
	}
	// The default account has no imagePullSecrets to copy to the pod.
	return nil
}

// serviceAccountExists models Plugin.getServiceAccount against the one
// account every namespace has (see ServiceAccount).
func serviceAccountExists(namespace, name string) error {
	if name == DefaultServiceAccountName {
		return nil
	}
	return fmt.Errorf("serviceaccount %q not found", name)
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
