package kubectl

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/sim"
)

// newTestCluster is the tests' Cluster: the standard one (core/sim), every
// controller, the scheduler and a kubelet on each of node-1..3, as the
// page and scripts/play run it.
func newTestCluster(t testing.TB) *sim.Sim {
	t.Helper()
	c, err := sim.New(sim.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// session runs command lines against one test cluster.
type session struct {
	t  testing.TB
	c  Cluster
	in Input
}

func newSession(t testing.TB, files map[string]string) *session {
	return &session{t: t, c: newTestCluster(t), in: Input{Files: files}}
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
