package apiserver

import "github.com/kubeplay/kubeplay/core/api"

// Registry is the registry's own work on a write before validation, as a
// plugin so the chain shows every step in order:
//
//   - create (registry.Store.create, rest.FillObjectMetaSystemFields,
//     rest.BeforeCreate): creationTimestamp from the virtual clock, a uid
//     from the seeded source, the name from generateName, then the kind's
//     PrepareForCreate (status cleared, generation 1);
//   - update (rest.BeforeUpdate): the generation, uid, creationTimestamp,
//     deletionTimestamp and deletionGracePeriodSeconds cannot be set by the
//     request, then the kind's PrepareForUpdate for the endpoint used (main:
//     status kept and generation bumped on spec change; status: spec kept).
type Registry struct{}

// Name implements Plugin.
func (Registry) Name() string { return "Registry" }

// Admit implements Plugin.
func (Registry) Admit(a *Attributes) error {
	switch a.Operation {
	case OperationCreate:
		s, m := a.server, a.Object.GetObjectMeta()
		m.CreationTimestamp = api.NewTime(s.clock.Now())
		rng := s.randFor(m.Namespace)
		if s.fixedUID != "" { // CreateBootstrap
			m.UID = s.fixedUID
		} else {
			m.UID = newUID(rng)
		}
		if m.GenerateName != "" && m.Name == "" {
			m.Name = generateName(rng, m.GenerateName)
			a.Name = m.Name
		}
		// A new object is not being deleted, whatever the request says.
		m.DeletionTimestamp, m.DeletionGracePeriodSeconds = nil, nil
		prepareForCreate(a.Object)
		prepareKindsForCreate(a.Object, api.NewTime(s.clock.Now()))
	case OperationUpdate:
		m, old := a.Object.GetObjectMeta(), a.OldObject.GetObjectMeta()
		m.Generation = old.Generation
		switch a.Subresource {
		case "status":
			prepareForStatusUpdate(a.Object, a.OldObject)
			prepareKindsForStatusUpdate(a.Object, a.OldObject, api.NewTime(a.server.clock.Now()))
		case "finalize":
			prepareForFinalize(a.Object, a.OldObject)
		default:
			prepareForUpdate(a.Object, a.OldObject)
			prepareKindsForUpdate(a.Object, a.OldObject)
		}
		if m.UID == "" {
			m.UID = old.UID
		}
		if !old.CreationTimestamp.IsZero() {
			m.CreationTimestamp = old.CreationTimestamp
		}
		if old.DeletionTimestamp != nil {
			t := *old.DeletionTimestamp
			m.DeletionTimestamp = &t
		}
		if old.DeletionGracePeriodSeconds != nil && m.DeletionGracePeriodSeconds == nil {
			g := *old.DeletionGracePeriodSeconds
			m.DeletionGracePeriodSeconds = &g
		}
	}
	return nil
}
