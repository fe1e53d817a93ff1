package kubectl

import (
	"strings"
	"testing"
)

// --field-selector through kubectl: get (with -A, -o wide/name/json, -w),
// delete, label, annotate and wait, and the API server's errors as
// kubectl prints them (resource.EnhanceListError's wrapping of the
// BadRequest).
func TestFieldSelector(t *testing.T) {
	s := newSession(t, nil)
	got := runGolden(t, s, "field-selector.txt")
	for _, want := range []string{
		"Error from server (BadRequest): Unable to find \"/v1, Resource=pods\" that match label selector \"\", field selector \"foo=bar\": field label not supported: foo\n[exit 1]\n",
		"Error from server (BadRequest): Unable to find \"apps/v1, Resource=replicasets\" that match label selector \"\", field selector \"status.replicas=4\": \"status.replicas\" is not a known field selector: only \"metadata.name\", \"metadata.namespace\"\n[exit 1]\n",
		"Error from server (BadRequest): Unable to find \"/v1, Resource=pods\" that match label selector \"\", field selector \"foo\": invalid selector: 'foo'; can't understand 'foo'\n[exit 1]\n",
		"$ kubectl get events --field-selector type=Warning\nNo resources found in default namespace.\n",
		"error: cannot set --all and --field-selector at the same time\n[exit 1]\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("transcript lacks %q", want)
		}
	}
}
