package kubectl

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/controller/deployment"
	"github.com/kubeplay/kubeplay/core/controller/garbagecollector"
	"github.com/kubeplay/kubeplay/core/controller/replicaset"
	"github.com/kubeplay/kubeplay/core/fakekubelet"
)

// testCluster is the tests' Cluster: the Deployment, ReplicaSet and
// garbage-collector controllers with the fake kubelet (which binds pods to
// node-1..3 and makes them ready two ticks after creation).
type testCluster struct {
	c *cluster.Cluster
}

func newTestCluster(t testing.TB, opts fakekubelet.Options) *testCluster {
	t.Helper()
	c := cluster.New(1)
	c.Add(deployment.New(c.Context), replicaset.New(c.Context), garbagecollector.New(c.Context))
	c.AddActor(fakekubelet.New(c.Context, opts))
	if err := c.AddDefaultNodes(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Settle(); err != nil {
		t.Fatal(err)
	}
	return &testCluster{c: c}
}

func (tc *testCluster) Server() *apiserver.Server { return tc.c.API }
func (tc *testCluster) Now() time.Time            { return tc.c.Clock.Now() }
func (tc *testCluster) Tick() error {
	_, err := tc.c.Tick()
	return err
}

// ContainerEnv is a small stand-in for the kubelet's: HOSTNAME, the
// container's own variables and the service variables of the namespace.
func (tc *testCluster) ContainerEnv(namespace, pod, container string) ([]api.EnvVar, error) {
	p, err := apiserver.GetAs[*api.Pod](tc.c.API, namespace, pod)
	if err != nil {
		return nil, err
	}
	if p.Status.Phase != api.PodRunning {
		return nil, fmt.Errorf("unable to upgrade connection: container not found (%q)", container)
	}
	env := []api.EnvVar{{Name: "PATH", Value: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"}, {Name: "HOSTNAME", Value: pod}}
	for _, ct := range p.Spec.Containers {
		if ct.Name == container {
			env = append(env, ct.Env...)
		}
	}
	svcs, _, _ := apiserver.ListAs[*api.Service](tc.c.API, namespace, nil)
	for _, s := range svcs {
		if len(s.Spec.Ports) == 0 || s.Spec.ClusterIP == "" || s.Spec.ClusterIP == "None" {
			continue
		}
		prefix := strings.ToUpper(strings.ReplaceAll(s.Name, "-", "_"))
		env = append(env, api.EnvVar{Name: prefix + "_SERVICE_HOST", Value: s.Spec.ClusterIP},
			api.EnvVar{Name: prefix + "_SERVICE_PORT", Value: fmt.Sprint(s.Spec.Ports[0].Port)})
	}
	return append(env, api.EnvVar{Name: "HOME", Value: "/root"}), nil
}

// session runs command lines against one test cluster.
type session struct {
	t  testing.TB
	c  Cluster
	in Input
}

func newSession(t testing.TB, files map[string]string) *session {
	return &session{t: t, c: newTestCluster(t, fakekubelet.Options{}), in: Input{Files: files}}
}

func (s *session) run(line string) Result { return Run(s.c, line, s.in) }

// tick advances n simulated seconds.
func (s *session) tick(n int) {
	s.t.Helper()
	for range n {
		if err := s.c.Tick(); err != nil {
			s.t.Fatal(err)
		}
	}
}

// helpCase is a `--help` line and what its stdout must start with and
// contain: the long description's first lines, the Examples header with
// the first example, and the Usage line.
type helpCase struct {
	line, head string
	wants      []string
}

// checkHelp runs each case on a fresh cluster: the help goes to stdout,
// nothing to stderr, exit 0.
func checkHelp(t *testing.T, cases []helpCase) {
	t.Helper()
	s := newSession(t, nil)
	for _, tc := range cases {
		r := s.run(tc.line)
		if !strings.HasPrefix(r.Stdout, tc.head) || r.Stderr != "" || r.ExitCode != 0 {
			t.Errorf("$ %s\ngot (exit %d) stdout:\n%s\nstderr: %q\nwant it to start with:\n%s", tc.line, r.ExitCode, r.Stdout, r.Stderr, tc.head)
		}
		for _, want := range tc.wants {
			if !strings.Contains(r.Stdout, want) {
				t.Errorf("$ %s lacks %q:\n%s", tc.line, want, r.Stdout)
			}
		}
	}
}
