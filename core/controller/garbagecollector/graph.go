package garbagecollector

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/kubeplay/kubeplay/core/api"
)

// objectReference is an object's identity in the graph: the coordinates an
// ownerReference carries (apiVersion, kind, name, uid) plus the namespace,
// as upstream's objectReference (graph.go).
type objectReference struct {
	APIVersion string
	Kind       string
	Name       string
	UID        string
	Namespace  string
}

// String renders an identity as upstream's objectReference.String does; the
// OwnerRefInvalidNamespace event message embeds it.
func (r objectReference) String() string {
	return fmt.Sprintf("[%s/%s, namespace: %s, name: %s, uid: %s]", r.APIVersion, r.Kind, r.Namespace, r.Name, r.UID)
}

// short is the identity as the decision records show it: "ReplicaSet default/web-5d8f7c9b6".
func (r objectReference) short() string {
	if r.Namespace == "" {
		return r.Kind + " " + r.Name
	}
	return r.Kind + " " + r.Namespace + "/" + r.Name
}

// ownerReferenceCoordinates keeps only the fields that identify an owner
// (upstream ownerReferenceCoordinates).
func ownerReferenceCoordinates(ref api.OwnerReference, namespace string) objectReference {
	return objectReference{APIVersion: ref.APIVersion, Kind: ref.Kind, Name: ref.Name, UID: ref.UID, Namespace: namespace}
}

// ownerReferenceMatchesCoordinates reports whether ref names exactly the
// identity id (namespace aside), as upstream's function of that name.
func ownerReferenceMatchesCoordinates(ref api.OwnerReference, id objectReference) bool {
	return ref.UID == id.UID && ref.Name == id.Name && ref.Kind == id.Kind && ref.APIVersion == id.APIVersion
}

// referenceLessThan orders identities by kind, apiVersion, namespace, name,
// then uid (upstream referenceLessThan). Every walk over a node's dependents
// uses this order, so what the collector does never depends on map order.
func referenceLessThan(a, b objectReference) bool {
	return compareReferences(a, b) < 0
}

func compareReferences(a, b objectReference) int {
	switch {
	case a.Kind != b.Kind:
		return cmp.Compare(a.Kind, b.Kind)
	case a.APIVersion != b.APIVersion:
		return cmp.Compare(a.APIVersion, b.APIVersion)
	case a.Namespace != b.Namespace:
		return cmp.Compare(a.Namespace, b.Namespace)
	case a.Name != b.Name:
		return cmp.Compare(a.Name, b.Name)
	}
	return cmp.Compare(a.UID, b.UID)
}

// node is one object in the dependency graph (upstream graph.go node). The
// collector is single-threaded, so the fields need none of upstream's locks.
type node struct {
	identity objectReference
	// dependents are the nodes whose ownerReferences name this node's uid.
	dependents map[*node]struct{}
	// deletingDependents: the object is being deleted with the
	// foregroundDeletion finalizer.
	deletingDependents bool
	// beingDeleted: the object has a deletionTimestamp. One way: once set it
	// is never cleared.
	beingDeleted bool
	// virtual: the node was made up from an ownerReference and the object
	// has not been observed through an informer (yet).
	virtual bool
	// owners are the object's ownerReferences as last observed.
	owners []api.OwnerReference
}

func (n *node) markBeingDeleted()          { n.beingDeleted = true }
func (n *node) isBeingDeleted() bool       { return n.beingDeleted }
func (n *node) markObserved()              { n.virtual = false }
func (n *node) isObserved() bool           { return !n.virtual }
func (n *node) markDeletingDependents()    { n.deletingDependents = true }
func (n *node) isDeletingDependents() bool { return n.deletingDependents }
func (n *node) addDependent(d *node)       { n.dependents[d] = struct{}{} }
func (n *node) deleteDependent(d *node)    { delete(n.dependents, d) }
func (n *node) dependentsLength() int      { return len(n.dependents) }

// setOwners replaces the recorded ownerReferences.
func (n *node) setOwners(owners []api.OwnerReference) { n.owners = slices.Clone(owners) }

// getDependents returns the dependents in referenceLessThan order.
func (n *node) getDependents() []*node {
	deps := make([]*node, 0, len(n.dependents))
	for d := range n.dependents {
		deps = append(deps, d)
	}
	slices.SortFunc(deps, func(a, b *node) int { return compareReferences(a.identity, b.identity) })
	return deps
}

// blockingDependents returns the dependents whose ownerReference to n has
// blockOwnerDeletion=true: the ones a foreground deletion of n waits for
// (upstream node.blockingDependents).
func (n *node) blockingDependents() []*node {
	var out []*node
	for _, dep := range n.getDependents() {
		for _, ref := range dep.owners {
			if ref.UID == n.identity.UID && isTrue(ref.BlockOwnerDeletion) {
				out = append(out, dep)
				break
			}
		}
	}
	return out
}

func isTrue(b *bool) bool { return b != nil && *b }

// uidToNode is the graph's index (upstream concurrentUIDToNode, without the
// lock).
type uidToNode map[string]*node

func (m uidToNode) Read(uid string) (*node, bool) {
	n, ok := m[uid]
	return n, ok
}

func (m uidToNode) Write(n *node) { m[n.identity.UID] = n }

func (m uidToNode) Delete(uid string) { delete(m, uid) }
