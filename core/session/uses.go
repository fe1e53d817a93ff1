package session

import (
	"cmp"
	"slices"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
)

// useKinds are the kinds a Use names, by kubectl's resource name.
var useKinds = map[string]*api.KindInfo{
	"configmap":             api.KindOf(&api.ConfigMap{}),
	"secret":                api.KindOf(&api.Secret{}),
	"persistentvolumeclaim": api.KindOf(&api.PersistentVolumeClaim{}),
}

// Use is an object a Deployment's Pods read: a ConfigMap or a Secret for
// their environment or their volumes, or a PersistentVolumeClaim. The card
// lists them so that a learner sees what else the Deployment needs, and
// which of those the kubelet cannot find (CreateContainerConfigError,
// FailedMount) or the scheduler is waiting for (an unbound claim).
type Use struct {
	// Resource is kubectl's name of the kind (configmap, secret,
	// persistentvolumeclaim), as the page's object links name it.
	Resource string `json:"resource"`
	Name     string `json:"name"`
	// Missing: the object does not exist in the Deployment's namespace,
	// and a reference to it is not optional (an optional one lets the
	// container start without it, as the kubelet does).
	Missing bool `json:"missing,omitempty"`
	// Phase is a claim's status.phase (Pending, Bound).
	Phase string `json:"phase,omitempty"`
}

// templateUses lists the ConfigMaps, Secrets and claims a Pod template
// names, sorted by resource and name, each once. It walks the references
// upstream's podutil.VisitPodConfigmapNames and VisitPodSecretNames walk,
// less the image pull secrets (a missing one only warns). Missing is true
// here where a reference is required; resolveUses then keeps it only for
// objects that do not exist.
func templateUses(t *api.PodTemplateSpec) []*Use {
	var uses []*Use
	add := func(resource, name string, optional *bool) {
		if name == "" {
			return
		}
		required := optional == nil || !*optional
		for _, u := range uses {
			if u.Resource == resource && u.Name == name {
				u.Missing = u.Missing || required
				return
			}
		}
		uses = append(uses, &Use{Resource: resource, Name: name, Missing: required})
	}
	for _, v := range t.Spec.Volumes {
		switch {
		case v.ConfigMap != nil:
			add("configmap", v.ConfigMap.Name, v.ConfigMap.Optional)
		case v.Secret != nil:
			add("secret", v.Secret.SecretName, v.Secret.Optional)
		case v.PersistentVolumeClaim != nil:
			add("persistentvolumeclaim", v.PersistentVolumeClaim.ClaimName, nil)
		case v.Projected != nil:
			for _, s := range v.Projected.Sources {
				if s.ConfigMap != nil {
					add("configmap", s.ConfigMap.Name, s.ConfigMap.Optional)
				}
				if s.Secret != nil {
					add("secret", s.Secret.Name, s.Secret.Optional)
				}
			}
		}
	}
	for _, cs := range [][]api.Container{t.Spec.InitContainers, t.Spec.Containers} {
		for i := range cs {
			for _, e := range cs[i].EnvFrom {
				if e.ConfigMapRef != nil {
					add("configmap", e.ConfigMapRef.Name, e.ConfigMapRef.Optional)
				}
				if e.SecretRef != nil {
					add("secret", e.SecretRef.Name, e.SecretRef.Optional)
				}
			}
			for _, e := range cs[i].Env {
				if e.ValueFrom == nil {
					continue
				}
				if r := e.ValueFrom.ConfigMapKeyRef; r != nil {
					add("configmap", r.Name, r.Optional)
				}
				if r := e.ValueFrom.SecretKeyRef; r != nil {
					add("secret", r.Name, r.Optional)
				}
			}
		}
	}
	slices.SortFunc(uses, func(a, b *Use) int {
		if a.Resource != b.Resource {
			return cmp.Compare(a.Resource, b.Resource)
		}
		return cmp.Compare(a.Name, b.Name)
	})
	return uses
}

// resolveUses fills in, from the informer caches, which of a template's
// uses exist and the phase of its claims; it returns new values, so a
// cached card is never edited.
func resolveUses(in *controller.Informers, namespace string, template []*Use) []*Use {
	if len(template) == 0 {
		return nil
	}
	out := make([]*Use, len(template))
	for i, u := range template {
		r := *u
		obj, ok := in.Lister(useKinds[u.Resource]).Get(namespace + "/" + u.Name)
		r.Missing = u.Missing && !ok
		if c, isClaim := obj.(*api.PersistentVolumeClaim); ok && isClaim {
			r.Phase = string(c.Status.Phase)
		}
		out[i] = &r
	}
	return out
}

// usesEqual says two resolved lists draw the same card.
func usesEqual(a, b []*Use) bool {
	return slices.EqualFunc(a, b, func(x, y *Use) bool { return *x == *y })
}
