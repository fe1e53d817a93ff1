package session

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/kubeplay/kubeplay/core/kubectl"
)

// ObjectDetail is what the page's side panel shows of an object the
// learner clicked in the cluster view, at the tick shown: what
// `kubectl describe` prints (its events included) and what
// `kubectl get -o yaml` prints.
type ObjectDetail struct {
	Kind      string `json:"kind"`
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
	Describe  string `json:"describe"`
	YAML      string `json:"yaml"`
}

// detailKinds are the kinds the cluster view draws or names (a
// Deployment card's uses), by kubectl's resource name, and whether they
// are namespaced.
var detailKinds = map[string]bool{"deployment": true, "replicaset": true, "service": true, "pod": true, "node": false,
	"configmap": true, "secret": true, "persistentvolumeclaim": true}

// objectName is an RFC 1123 subdomain, the names these kinds take: what
// the page sends goes into a command line, so nothing else is let through.
var objectName = regexp.MustCompile(`^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$`)

// Object describes an object at the tick shown, changing nothing.
func (s *Session) Object(kind, namespace, name string) (*ObjectDetail, error) {
	namespaced, ok := detailKinds[kind]
	switch {
	case !ok:
		return nil, fmt.Errorf("the side panel shows deployments, replicasets, services, pods, nodes, configmaps, secrets and persistentvolumeclaims, not %q", kind)
	case !objectName.MatchString(name):
		return nil, fmt.Errorf("%q is not a valid %s name", name, kind)
	case namespaced && !objectName.MatchString(namespace):
		return nil, fmt.Errorf("%q is not a valid namespace name", namespace)
	}
	w, err := s.shownWorld()
	if err != nil {
		return nil, err
	}
	target := kind + " " + name
	if namespaced {
		target += " -n " + namespace
	} else {
		namespace = ""
	}
	run := func(verb string) (string, error) {
		r := kubectl.Run(kubectlCluster{w}, "kubectl "+verb+" "+target, kubectl.Input{})
		if r.ExitCode != 0 {
			return "", errors.New(strings.TrimSpace(r.Stderr))
		}
		return r.Stdout, nil
	}
	d := &ObjectDetail{Kind: kind, Namespace: namespace, Name: name}
	if d.Describe, err = run("describe"); err != nil {
		return nil, err
	}
	if d.YAML, err = run("get -o yaml"); err != nil {
		return nil, err
	}
	return d, nil
}

// shownWorld is the cluster at the tick shown: the live one at the head,
// else the cluster replayed to the tick.
func (s *Session) shownWorld() (*world, error) {
	if s.cursor < s.Head() {
		return s.pastWorld()
	}
	return s.w, nil
}
