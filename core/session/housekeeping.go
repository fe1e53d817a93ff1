package session

import (
	"strings"

	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/sim"
)

// The Why? pane shows the learner's objects first and folds the cluster's
// own housekeeping under a count: the system namespaces' objects (leader
// election Leases, kube-system's Pods), the API server's default/kubernetes
// Service, and the controllers that only keep per-namespace or per-node
// defaults (a ServiceAccount and the CA bundle in every namespace, the
// nodes' TTL annotation).

var systemNamespaces = []string{"kube-system", "kube-public", "kube-node-lease"}

// housekeeping says whether a decision is about the cluster's own upkeep
// rather than anything a learner made.
func housekeeping(d controller.Decision) bool {
	if sim.Housekeeper(d.Controller) || d.Object == "default/kubernetes" {
		return true
	}
	for _, ns := range systemNamespaces {
		if strings.HasPrefix(d.Object, ns+"/") {
			return true
		}
	}
	return false
}
