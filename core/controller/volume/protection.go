package volume

import (
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// ProtectionName is the PVC protection controller's name
// (names.PersistentVolumeClaimProtectionController); the PV protection
// controller runs in the same loop here.
const ProtectionName = "persistentvolumeclaim-protection-controller"

// Protection models the PVC and PV protection controllers: a claim being
// deleted keeps kubernetes.io/pvc-protection while a pod that is not
// finished mounts it (Terminating in `kubectl get pvc`), and a volume
// being deleted keeps kubernetes.io/pv-protection while it is Bound.
type Protection struct {
	server  *apiserver.Server
	queue   *controller.Queue
	claims  *controller.Store
	volumes *controller.Store
	pods    *controller.Store
}

// NewProtection returns the controller.
func NewProtection(ctx *controller.Context) *Protection {
	in := ctx.Informers
	p := &Protection{server: ctx.Server, queue: ctx.NewQueue(), claims: in.Lister(pvcKind), volumes: in.Lister(pvKind),
		pods: in.Lister(podKind)}
	claim := func(obj api.Object) { p.queue.Add("claim:" + controller.KeyOf(obj)) }
	in.AddHandler(pvcKind, controller.Handler{Add: claim, Update: func(_, cur api.Object) { claim(cur) }})
	in.AddHandler(pvKind, controller.Handler{Update: func(_, cur api.Object) { p.queue.Add("volume:" + controller.KeyOf(cur)) }})
	// podAddedDeletedUpdated: a pod gone or finished may free its claims.
	podClaims := func(obj api.Object) {
		pod := obj.(*api.Pod)
		for _, v := range pod.Spec.Volumes {
			if v.PersistentVolumeClaim != nil {
				p.queue.Add("claim:" + pod.Namespace + "/" + v.PersistentVolumeClaim.ClaimName)
			}
		}
	}
	in.AddHandler(podKind, controller.Handler{Update: func(_, cur api.Object) { podClaims(cur) }, Delete: podClaims})
	return p
}

// Name implements controller.Controller.
func (p *Protection) Name() string { return ProtectionName }

// Queue implements controller.Controller.
func (p *Protection) Queue() *controller.Queue { return p.queue }

// MaxRetries implements controller.Controller: retried forever.
func (p *Protection) MaxRetries() int { return 0 }

// Sync implements controller.Controller (processPVC / processPV).
func (p *Protection) Sync(key string, ds *controller.Decisions) error {
	if name, ok := strings.CutPrefix(key, "volume:"); ok {
		v, found := controller.GetAs[*api.PersistentVolume](p.volumes, "", name)
		if !found || v.DeletionTimestamp == nil || !slices.Contains(v.Finalizers, "kubernetes.io/pv-protection") ||
			v.Status.Phase == api.VolumeBound {
			return nil
		}
		ds.Add("processPV", "volume "+name+" is deleted and not bound", "remove kubernetes.io/pv-protection").
			Say("volume.removePVProtection", controller.Name("volume", name), controller.Name("finalizer", "kubernetes.io/pv-protection"))
		return p.removeFinalizer(v, "kubernetes.io/pv-protection")
	}
	k, _ := strings.CutPrefix(key, "claim:")
	ns, name := controller.SplitKey(k)
	c, found := controller.GetAs[*api.PersistentVolumeClaim](p.claims, ns, name)
	if !found || c.DeletionTimestamp == nil || !slices.Contains(c.Finalizers, "kubernetes.io/pvc-protection") {
		return nil
	}
	for _, pod := range controller.ListAs[*api.Pod](p.pods, ns, nil) {
		if pod.Status.Phase == api.PodSucceeded || pod.Status.Phase == api.PodFailed {
			continue
		}
		for _, v := range pod.Spec.Volumes {
			if v.PersistentVolumeClaim != nil && v.PersistentVolumeClaim.ClaimName == name {
				ds.Add("isBeingUsed", "", "claim "+k+" is used by pod "+pod.Name+": keep kubernetes.io/pvc-protection").
					Say("volume.claimInUse", controller.Name("claim", k), controller.Name("pod", pod.Name), controller.Name("finalizer", "kubernetes.io/pvc-protection"))
				return nil
			}
		}
	}
	ds.Add("processPVC", "claim "+k+" is deleted and no pod uses it", "remove kubernetes.io/pvc-protection").
		Say("volume.removePVCProtection", controller.Name("claim", k), controller.Name("finalizer", "kubernetes.io/pvc-protection"))
	return p.removeFinalizer(c, "kubernetes.io/pvc-protection")
}

func (p *Protection) removeFinalizer(obj api.Object, f string) error {
	upd := obj.DeepCopyObject()
	m := upd.GetObjectMeta()
	m.Finalizers = slices.DeleteFunc(slices.Clone(m.Finalizers), func(s string) bool { return s == f })
	_, err := p.server.Update(upd)
	if apiserver.IsNotFound(err) {
		return nil
	}
	return err
}
