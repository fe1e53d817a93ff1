package apiserver

import "github.com/kubeplay/kubeplay/core/api"

// dropDisabledPodFields models pkg/api/pod's dropDisabledFields, which every
// strategy that stores a pod spec calls on create and update
// (DropDisabledPodFields, DropDisabledTemplateFields): a field whose
// feature gate is off in v1.37's defaults is cleared, silently, unless the
// stored object already uses it. The decoder accepts these fields, as
// upstream's does; they just do not survive the write.
//
// The gates off by default in v1.37 (pkg/features/kube_features.go) and the
// fields they guard:
//
//	EmptyDirVolumeMode           volumes[].emptyDir.mode
//	AtomicWriteVolumeUserFields  defaultUser and every items[].user of the
//	                             secret, configMap, downwardAPI and projected volumes
//	VolumeBindMountOptions       volumeMounts[].bindMountOptions
//	GRPCContainerProbeTLS        probes' grpc.mode
//	H2CContainerProbe            probes' and hooks' httpGet.protocol
//	ContainerStopSignals         lifecycle.stopSignal (an emptied lifecycle goes too)
//	GenericWorkload              schedulingGroup
//	EvictionRequestAPI           evictionResponders
//
// old is nil on create.
func dropDisabledPodFields(spec, old *api.PodSpec) {
	for _, g := range disabledGates {
		if old == nil || !g.inUse(old) {
			g.drop(spec)
		}
	}
}

// disabledGate is one feature gate's field set: whether a spec uses it,
// and how to clear it.
type disabledGate struct {
	inUse func(*api.PodSpec) bool
	drop  func(*api.PodSpec)
}

var disabledGates = []disabledGate{
	{ // EmptyDirVolumeMode
		inUse: func(s *api.PodSpec) bool {
			for _, v := range s.Volumes {
				if v.EmptyDir != nil && v.EmptyDir.Mode != nil {
					return true
				}
			}
			return false
		},
		drop: func(s *api.PodSpec) {
			for _, v := range s.Volumes {
				if v.EmptyDir != nil {
					v.EmptyDir.Mode = nil
				}
			}
		},
	},
	{ // AtomicWriteVolumeUserFields
		inUse: func(s *api.PodSpec) bool { return volumeUserFields(s, false) },
		drop:  func(s *api.PodSpec) { volumeUserFields(s, true) },
	},
	{ // VolumeBindMountOptions
		inUse: func(s *api.PodSpec) bool {
			return anyContainer(s, func(c *api.Container) bool {
				for _, m := range c.VolumeMounts {
					if m.BindMountOptions != nil {
						return true
					}
				}
				return false
			})
		},
		drop: func(s *api.PodSpec) {
			eachContainer(s, func(c *api.Container) {
				for i := range c.VolumeMounts {
					c.VolumeMounts[i].BindMountOptions = nil
				}
			})
		},
	},
	{ // GRPCContainerProbeTLS
		inUse: func(s *api.PodSpec) bool {
			return anyContainer(s, func(c *api.Container) bool {
				for _, p := range probes(c) {
					if p.GRPC != nil && p.GRPC.Mode != nil {
						return true
					}
				}
				return false
			})
		},
		drop: func(s *api.PodSpec) {
			eachContainer(s, func(c *api.Container) {
				for _, p := range probes(c) {
					if p.GRPC != nil {
						p.GRPC.Mode = nil
					}
				}
			})
		},
	},
	{ // H2CContainerProbe
		inUse: func(s *api.PodSpec) bool {
			return anyContainer(s, func(c *api.Container) bool {
				for _, h := range httpGets(c) {
					if h.Protocol != nil {
						return true
					}
				}
				return false
			})
		},
		drop: func(s *api.PodSpec) {
			eachContainer(s, func(c *api.Container) {
				for _, h := range httpGets(c) {
					h.Protocol = nil
				}
			})
		},
	},
	{ // ContainerStopSignals
		inUse: func(s *api.PodSpec) bool {
			return anyContainer(s, func(c *api.Container) bool {
				return c.Lifecycle != nil && c.Lifecycle.StopSignal != nil
			})
		},
		drop: func(s *api.PodSpec) {
			eachContainer(s, func(c *api.Container) {
				if c.Lifecycle == nil || c.Lifecycle.StopSignal == nil {
					return
				}
				c.Lifecycle.StopSignal = nil
				if *c.Lifecycle == (api.Lifecycle{}) {
					c.Lifecycle = nil
				}
			})
		},
	},
	{ // GenericWorkload
		inUse: func(s *api.PodSpec) bool { return s.SchedulingGroup != nil },
		drop:  func(s *api.PodSpec) { s.SchedulingGroup = nil },
	},
	{ // EvictionRequestAPI
		inUse: func(s *api.PodSpec) bool { return len(s.EvictionResponders) > 0 },
		drop:  func(s *api.PodSpec) { s.EvictionResponders = nil },
	},
}

// volumeUserFields reports whether any volume of s sets a defaultUser or
// user field (dropDisabledAtomicWriteVolumeUserFields'), clearing them all
// when clear is set.
func volumeUserFields(s *api.PodSpec, clear bool) bool {
	found := false
	user := func(p **int64) {
		if *p != nil {
			found = true
			if clear {
				*p = nil
			}
		}
	}
	keys := func(items []api.KeyToPath) {
		for i := range items {
			user(&items[i].User)
		}
	}
	files := func(items []api.DownwardAPIVolumeFile) {
		for i := range items {
			user(&items[i].User)
		}
	}
	for _, v := range s.Volumes {
		switch {
		case v.Secret != nil:
			user(&v.Secret.DefaultUser)
			keys(v.Secret.Items)
		case v.ConfigMap != nil:
			user(&v.ConfigMap.DefaultUser)
			keys(v.ConfigMap.Items)
		case v.DownwardAPI != nil:
			user(&v.DownwardAPI.DefaultUser)
			files(v.DownwardAPI.Items)
		case v.Projected != nil:
			user(&v.Projected.DefaultUser)
			for _, src := range v.Projected.Sources {
				switch {
				case src.Secret != nil:
					keys(src.Secret.Items)
				case src.DownwardAPI != nil:
					files(src.DownwardAPI.Items)
				case src.ConfigMap != nil:
					keys(src.ConfigMap.Items)
				case src.ServiceAccountToken != nil:
					user(&src.ServiceAccountToken.User)
				case src.ClusterTrustBundle != nil:
					user(&src.ClusterTrustBundle.User)
				case src.PodCertificate != nil:
					user(&src.PodCertificate.User)
				}
			}
		}
	}
	return found
}

// eachContainer calls f on every container of s: init, regular and
// ephemeral (VisitContainers with AllContainers).
func eachContainer(s *api.PodSpec, f func(*api.Container)) {
	anyContainer(s, func(c *api.Container) bool { f(c); return false })
}

// anyContainer reports whether f holds for some container of s, visiting
// them in VisitContainers' order and stopping at the first.
func anyContainer(s *api.PodSpec, f func(*api.Container) bool) bool {
	for i := range s.InitContainers {
		if f(&s.InitContainers[i]) {
			return true
		}
	}
	for i := range s.Containers {
		if f(&s.Containers[i]) {
			return true
		}
	}
	for i := range s.EphemeralContainers {
		if f((*api.Container)(&s.EphemeralContainers[i].EphemeralContainerCommon)) {
			return true
		}
	}
	return false
}

func probes(c *api.Container) []*api.Probe {
	var ps []*api.Probe
	for _, p := range []*api.Probe{c.LivenessProbe, c.ReadinessProbe, c.StartupProbe} {
		if p != nil {
			ps = append(ps, p)
		}
	}
	return ps
}

// httpGets is every httpGet action of c: its probes' and its hooks'.
func httpGets(c *api.Container) []*api.HTTPGetAction {
	var hs []*api.HTTPGetAction
	for _, p := range probes(c) {
		if p.HTTPGet != nil {
			hs = append(hs, p.HTTPGet)
		}
	}
	if l := c.Lifecycle; l != nil {
		for _, h := range []*api.LifecycleHandler{l.PostStart, l.PreStop} {
			if h != nil && h.HTTPGet != nil {
				hs = append(hs, h.HTTPGet)
			}
		}
	}
	return hs
}
