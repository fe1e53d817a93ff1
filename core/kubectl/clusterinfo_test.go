package kubectl

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/sim"
)

// kubeDNS is a Service like kind's CoreDNS one: labelled for cluster-info.
const kubeDNS = `apiVersion: v1
kind: Service
metadata:
  name: kube-dns
  namespace: kube-system
  labels:
    kubernetes.io/cluster-service: "true"
    kubernetes.io/name: CoreDNS
spec:
  selector:
    k8s-app: kube-dns
  ports:
  - name: dns
    port: 53
    protocol: UDP
`

// TestClusterInfoAndAPIVersions checks kubectl cluster-info
// (clusterinfo.go) and kubectl api-versions (apiversions.go).
func TestClusterInfoAndAPIVersions(t *testing.T) {
	c, err := sim.New(sim.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	hint := "\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n"
	control := "Kubernetes control plane is running at https://172.18.1.1:6443\n"
	steps := []struct {
		line, want string
		code       int
	}{
		{"kubectl cluster-info", control + hint, 0},
		{"kubectl apply -f dns.yaml", "service/kube-dns created\n", 0},
		{"kubectl cluster-info", control +
			"CoreDNS is running at https://172.18.1.1:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy\n" + hint, 0},
		{"kubectl cluster-info -n default extra", control + hint, 0},
		{"kubectl cluster-info dump", "error: \"kubectl cluster-info dump\" is not available in the playground\n", 1},
		// dump's flags are not modelled: any flag gets the same answer.
		{"kubectl cluster-info dump --bogus", "error: \"kubectl cluster-info dump\" is not available in the playground\n", 1},
		{"kubectl api-versions", "apps/v1\nautoscaling/v1\nautoscaling/v2\ncoordination.k8s.io/v1\ndiscovery.k8s.io/v1\nnetworking.k8s.io/v1\nnode.k8s.io/v1\npolicy/v1\nstorage.k8s.io/v1\nv1\n", 0},
		{"kubectl api-versions x", "error: unexpected arguments: [x]\nSee 'kubectl api-versions -h' for help and examples\n", 1},
	}
	for _, tc := range steps {
		r := Run(c, tc.line, Input{Files: map[string]string{"dns.yaml": kubeDNS}})
		if r.Output != tc.want || r.ExitCode != tc.code {
			t.Errorf("$ %s\ngot (exit %d):\n%s\nwant (exit %d):\n%s", tc.line, r.ExitCode, r.Output, tc.code, tc.want)
		}
	}
	// Every group/version api-resources lists, and no other.
	r := Run(c, "kubectl api-resources --no-headers", Input{})
	for _, line := range strings.Split(strings.TrimSpace(r.Stdout), "\n") {
		f := strings.Fields(line)
		gv := f[len(f)-3]
		if !strings.Contains(Run(c, "kubectl api-versions", Input{}).Stdout, gv+"\n") {
			t.Errorf("api-versions lacks %s", gv)
		}
	}
}

// kubectl cluster-info --help and kubectl api-versions --help: their
// Long, Example and Use lines.
func TestClusterInfoAndAPIVersionsHelp(t *testing.T) {
	checkHelp(t, []helpCase{
		{"kubectl cluster-info --help",
			"Display addresses of the control plane and services with label kubernetes.io/cluster-service=true. To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n\nExamples:\n" +
				"  # Print the address of the control plane and cluster services\n  kubectl cluster-info\n\n",
			[]string{"Usage:\n  kubectl cluster-info [flags] [options]\n"}},
		{"kubectl api-versions --help",
			"Print the supported API versions on the server, in the form of \"group/version\".\n\nExamples:\n" +
				"  # Print the supported API versions\n  kubectl api-versions\n\n",
			[]string{"Usage:\n  kubectl api-versions [options]\n"}},
	})
}
