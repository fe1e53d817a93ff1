package cloud

import (
	"fmt"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
)

// LocalPath is the local-path provisioner kind installs
// (rancher/local-path-provisioner in namespace local-path-storage) with
// its StorageClass "standard", the cluster's default: provisioner
// rancher.io/local-path, reclaim policy Delete, volume binding
// WaitForFirstConsumer.
//
// Like every external provisioner (sig-storage-lib-external-provisioner),
// it acts on claims the persistent volume controller annotated for it
// (volume.kubernetes.io/storage-provisioner: rancher.io/local-path) once
// the scheduler has chosen a node (volume.kubernetes.io/selected-node):
// the Normal event Provisioning "External provisioner is provisioning
// volume for claim \"default/data\"", then, ProvisionDelay later (the
// helper pod that makes the directory), the volume pvc-<claim uid>: a
// hostPath directory under /var/local-path-provisioner on that node, pinned
// to it by node affinity, pre-bound to the claim, and the event
// ProvisioningSucceeded "Successfully provisioned volume pvc-…". A
// Released volume it provisioned with reclaim policy Delete is deleted.
type LocalPath struct {
	server    *apiserver.Server
	informers *controller.Informers
	claims    *controller.Store
	volumes   *controller.Store
	clock     clock.Source
	recorder  *controller.Recorder
	started   map[string]time.Time // claim uid → when provisioning began
}

// The local-path provisioner's names.
const (
	LocalPathProvisioner = "rancher.io/local-path"
	// LocalPathEventComponent is the provisioner's event source: the
	// provisioner name, its pod and its identity, as the library names it.
	LocalPathEventComponent = "rancher.io/local-path_local-path-provisioner-7dc846544d-x5v8m_3f6e7c2a-5b1d-4e8f-9a0c-2d4b6e8f1a3c"
	DefaultStorageClassName = "standard"
	LocalPathProvisionDelay = 2 * time.Second
	localPathRoot           = "/var/local-path-provisioner"
	annSelectedNode         = "volume.kubernetes.io/selected-node"
	annStorageProvisioner   = "volume.kubernetes.io/storage-provisioner"
)

// InstallLocalPath creates the default StorageClass, as kind's cluster
// creation does. An existing class is left as it is.
func InstallLocalPath(s *apiserver.Server) error {
	sc := &api.StorageClass{
		ObjectMeta:        api.ObjectMeta{Name: DefaultStorageClassName, Annotations: map[string]string{api.IsDefaultStorageClassAnnotation: "true"}},
		Provisioner:       LocalPathProvisioner,
		ReclaimPolicy:     ptr(api.PersistentVolumeReclaimDelete),
		VolumeBindingMode: ptr(api.VolumeBindingWaitForFirstConsumer),
	}
	if _, err := s.CreateBootstrap(sc); err != nil && !apiserver.IsAlreadyExists(err) {
		return err
	}
	return nil
}

func ptr[T any](v T) *T { return &v }

// NewLocalPath returns the provisioner actor.
func NewLocalPath(ctx *controller.Context) *LocalPath {
	return &LocalPath{
		server: ctx.Server, informers: ctx.Informers,
		claims:   ctx.Informers.Lister(api.KindOf(&api.PersistentVolumeClaim{})),
		volumes:  ctx.Informers.Lister(api.KindOf(&api.PersistentVolume{})),
		clock:    ctx.Clock,
		recorder: ctx.Recorder(LocalPathEventComponent, ""),
		started:  map[string]time.Time{},
	}
}

// Name implements cluster.Actor.
func (lp *LocalPath) Name() string { return "local-path-provisioner" }

// Tick implements cluster.Actor.
func (lp *LocalPath) Tick() {
	lp.informers.Pump()
	now := lp.clock.Now()
	live := map[string]bool{}
	for _, c := range controller.ListAs[*api.PersistentVolumeClaim](lp.claims, "", nil) {
		live[c.UID] = true
		node := c.Annotations[annSelectedNode]
		if c.Annotations[annStorageProvisioner] != LocalPathProvisioner || node == "" || c.Spec.VolumeName != "" || c.DeletionTimestamp != nil {
			continue
		}
		name := "pvc-" + c.UID
		if _, ok := controller.GetAs[*api.PersistentVolume](lp.volumes, "", name); ok {
			continue
		}
		began, ok := lp.started[c.UID]
		if !ok {
			lp.started[c.UID] = now
			lp.recorder.Eventf(c, api.EventTypeNormal, "Provisioning", "External provisioner is provisioning volume for claim %q", c.Namespace+"/"+c.Name)
			continue
		}
		if now.Before(began.Add(LocalPathProvisionDelay)) {
			continue
		}
		if _, err := lp.server.Create(lp.volumeFor(c, name, node)); err != nil && !apiserver.IsAlreadyExists(err) {
			lp.recorder.Eventf(c, api.EventTypeWarning, "ProvisioningFailed", "failed to provision volume with StorageClass %q: %v", DefaultStorageClassName, err)
			continue
		}
		delete(lp.started, c.UID)
		lp.recorder.Eventf(c, api.EventTypeNormal, "ProvisioningSucceeded", "Successfully provisioned volume %s", name)
	}
	for uid := range lp.started {
		if !live[uid] {
			delete(lp.started, uid)
		}
	}
	for _, v := range controller.ListAs[*api.PersistentVolume](lp.volumes, "", nil) {
		if v.Status.Phase == api.VolumeReleased && v.DeletionTimestamp == nil &&
			v.Spec.PersistentVolumeReclaimPolicy == api.PersistentVolumeReclaimDelete &&
			v.Annotations["pv.kubernetes.io/provisioned-by"] == LocalPathProvisioner {
			_, _, _ = lp.server.Delete(api.KindOf(v), "", v.Name, nil)
		}
	}
}

// volumeFor is the volume local-path's Provision returns for a claim.
func (lp *LocalPath) volumeFor(c *api.PersistentVolumeClaim, name, node string) *api.PersistentVolume {
	class := DefaultStorageClassName
	if c.Spec.StorageClassName != nil {
		class = *c.Spec.StorageClassName
	}
	return &api.PersistentVolume{
		ObjectMeta: api.ObjectMeta{Name: name, Annotations: map[string]string{
			"local.path.provisioner/selected-node": node,
			"pv.kubernetes.io/provisioned-by":      LocalPathProvisioner,
		}},
		Spec: api.PersistentVolumeSpec{
			Capacity: api.ResourceList{api.ResourceStorage: c.Spec.Resources.Requests[api.ResourceStorage]},
			PersistentVolumeSource: api.PersistentVolumeSource{HostPath: &api.HostPathVolumeSource{
				Path: fmt.Sprintf("%s/%s_%s_%s", localPathRoot, name, c.Namespace, c.Name), Type: ptr(api.HostPathDirectoryOrCreate)}},
			AccessModes: c.Spec.AccessModes,
			ClaimRef: &api.ObjectReference{Kind: "PersistentVolumeClaim", Namespace: c.Namespace, Name: c.Name, UID: c.UID,
				APIVersion: "v1", ResourceVersion: c.ResourceVersion},
			PersistentVolumeReclaimPolicy: api.PersistentVolumeReclaimDelete,
			StorageClassName:              class,
			VolumeMode:                    ptr(api.PersistentVolumeFilesystem),
			NodeAffinity: &api.VolumeNodeAffinity{Required: &api.NodeSelector{NodeSelectorTerms: []api.NodeSelectorTerm{{
				MatchExpressions: []api.NodeSelectorRequirement{{Key: "kubernetes.io/hostname", Operator: api.NodeSelectorOpIn, Values: []string{node}}}}}}},
		},
	}
}
