package sim

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller/rootcacertpublisher"
)

// TestEveryNamespaceHasItsAccountAndCA: as on a real cluster, every
// namespace has the ServiceAccount "default" and the ConfigMap
// kube-root-ca.crt, from the start and as soon as it is created; a
// deleted one comes back, and a changed CA bundle is restored.
func TestEveryNamespaceHasItsAccountAndCA(t *testing.T) {
	s, err := New(Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	srv := s.Server()
	if _, err := srv.Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "dev"}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Settle(); err != nil {
		t.Fatal(err)
	}
	for _, ns := range []string{"default", "kube-node-lease", "kube-public", "kube-system", "dev"} {
		if _, err := apiserver.GetAs[*api.ServiceAccount](srv, ns, "default"); err != nil {
			t.Errorf("%s: %v", ns, err)
		}
		cm, err := apiserver.GetAs[*api.ConfigMap](srv, ns, rootcacertpublisher.ConfigMapName)
		if err != nil || cm.Data[rootcacertpublisher.DataKey] != rootcacertpublisher.RootCA {
			t.Errorf("%s: kube-root-ca.crt %v, %v", ns, cm, err)
		}
	}

	saKind, _ := api.LookupKind("ServiceAccount")
	if _, _, err := srv.Delete(saKind, "dev", "default", nil); err != nil {
		t.Fatal(err)
	}
	cm, _ := apiserver.GetAs[*api.ConfigMap](srv, "dev", rootcacertpublisher.ConfigMapName)
	cm.Data = map[string]string{"ca.crt": "tampered"}
	if _, err := srv.Update(cm); err != nil {
		t.Fatal(err)
	}
	if err := s.Settle(); err != nil {
		t.Fatal(err)
	}
	if _, err := apiserver.GetAs[*api.ServiceAccount](srv, "dev", "default"); err != nil {
		t.Errorf("deleted default account not recreated: %v", err)
	}
	if cm, _ := apiserver.GetAs[*api.ConfigMap](srv, "dev", rootcacertpublisher.ConfigMapName); cm.Data["ca.crt"] != rootcacertpublisher.RootCA {
		t.Errorf("tampered CA bundle not restored: %q", cm.Data["ca.crt"])
	}
}

// TestAddedNodesGetTheirOwnAddresses: a node's InternalIP follows its pod
// CIDR, so nodes whose names end in the same number, or in none, still
// get addresses of their own.
func TestAddedNodesGetTheirOwnAddresses(t *testing.T) {
	s, err := New(Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"gpu-1", "extra", "extra2"} {
		if err := s.AddNode(cluster.NodeOptions{Name: name}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Settle(); err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	nodes, _, _ := apiserver.ListAs[*api.Node](s.Server(), "", nil)
	for _, n := range nodes {
		ip := ""
		for _, a := range n.Status.Addresses {
			if a.Type == "InternalIP" {
				ip = a.Address
			}
		}
		if ip == "" || seen[ip] != "" {
			t.Errorf("%s: InternalIP %q (also %q's)", n.Name, ip, seen[ip])
		}
		seen[ip] = n.Name
	}
	if len(seen) != 6 {
		t.Errorf("%d addresses for 6 nodes: %v", len(seen), seen)
	}
}
