package apiserver

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestDefaultChainOrder(t *testing.T) {
	var got []string
	for _, p := range DefaultPlugins() {
		got = append(got, p.Name())
	}
	if want := "Defaulting,NamespaceLifecycle,ServiceAccount,Priority,DefaultTolerationSeconds,RuntimeClass,Registry,Validation,ResourceQuota"; strings.Join(got, ",") != want {
		t.Errorf("chain = %v, want %s", got, want)
	}
}

// recorder notes what each request looked like when it reached it.
type recorder struct {
	name string
	seen *[]string
}

func (r recorder) Name() string { return r.name }
func (r recorder) Admit(a *Attributes) error {
	d, _ := a.Object.(*api.Deployment)
	note := r.name + ":" + string(a.Operation) + "/" + a.Subresource
	if d != nil {
		note += " gen=" + strconv.FormatInt(d.Generation, 10)
		if d.Spec.RevisionHistoryLimit != nil {
			note += " defaulted"
		}
	}
	*r.seen = append(*r.seen, note)
	return nil
}

// TestChainSeesRequestsInOrder: plugins inserted around Registry see the
// object before and after the server-set fields, as mutating and
// validating admission do upstream.
func TestChainSeesRequestsInOrder(t *testing.T) {
	s := newTestServer(1)
	var seen []string
	chain := []Plugin{}
	for _, p := range s.Plugins {
		if p.Name() == "Registry" {
			chain = append(chain, recorder{"before", &seen}, p, recorder{"after", &seen})
			continue
		}
		chain = append(chain, p)
	}
	s.Plugins = chain
	d := mustCreate(t, s, testDeployment("web"))
	d.Spec.Replicas = ptr(int32(3))
	d = must(t)(s.Update(d)).(*api.Deployment)
	d.Generation = 7 // a client cannot set it
	d.Status.Replicas = 1
	must(t)(s.UpdateStatus(d))
	want := []string{
		"before:CREATE/ gen=0 defaulted", "after:CREATE/ gen=1 defaulted",
		"before:UPDATE/ gen=1 defaulted", "after:UPDATE/ gen=2 defaulted",
		"before:UPDATE/status gen=7 defaulted", "after:UPDATE/status gen=2 defaulted",
	}
	if strings.Join(seen, "\n") != strings.Join(want, "\n") {
		t.Errorf("seen:\n%s\nwant:\n%s", strings.Join(seen, "\n"), strings.Join(want, "\n"))
	}
}

// podQuota is a toy QuotaEvaluator: at most max pods per namespace.
type podQuota struct{ max int }

func (q podQuota) Evaluate(a *Attributes) error {
	if a.Operation != OperationCreate || a.Kind.Kind != "Pod" {
		return nil
	}
	l, err := a.Store.List(a.Kind, a.Namespace, nil)
	if err != nil {
		return err
	}
	if used := len(l.Items); used >= q.max {
		return ExceededQuota(a, "pods-quota", "pods=1", "pods="+strconv.Itoa(used), "pods="+strconv.Itoa(q.max))
	}
	return nil
}

func TestQuotaSeam(t *testing.T) {
	s := newTestServer(1)
	rq, ok := s.FindPlugin("ResourceQuota").(*ResourceQuota)
	if !ok {
		t.Fatal("no ResourceQuota plugin")
	}
	// Without an evaluator everything is admitted.
	mustCreate(t, s, testPod("a", ""))
	rq.Evaluator = podQuota{max: 2}
	mustCreate(t, s, testPod("b", ""))
	rv := s.ResourceVersion()
	_, err := s.Create(testPod("c", ""))
	want := `Error from server (Forbidden): pods "c" is forbidden: exceeded quota: pods-quota, requested: pods=1, used: pods=2, limited: pods=2`
	if KubectlMessage(err) != want {
		t.Errorf("over quota:\n got  %s\n want %s", KubectlMessage(err), want)
	}
	if s.ResourceVersion() != rv {
		t.Error("a refused create was stored")
	}
	// Quota runs after validation: an invalid object is Invalid, not Forbidden.
	bad := testPod("BAD", "")
	if _, err := s.Create(bad); !IsInvalid(err) {
		t.Errorf("invalid over quota: %v", err)
	}
}

type refuseDeletes struct{}

func (refuseDeletes) Name() string { return "RefuseDeletes" }
func (refuseDeletes) Admit(a *Attributes) error {
	if a.Operation == OperationDelete {
		if a.OldObject == nil {
			return errors.New("delete without the stored object")
		}
		return NewForbidden(a.Kind, a.Name, errors.New("no deleting today"))
	}
	return nil
}

func TestPluginRefusesDelete(t *testing.T) {
	s := newTestServer(1)
	mustCreate(t, s, testPod("p", ""))
	s.Plugins = append(s.Plugins, refuseDeletes{})
	_, _, err := s.Delete(pods, "default", "p", nil)
	if KubectlMessage(err) != `Error from server (Forbidden): pods "p" is forbidden: no deleting today` {
		t.Errorf("delete: %s", KubectlMessage(err))
	}
	if _, err := s.Get(pods, "default", "p"); err != nil {
		t.Errorf("refused delete removed the pod: %v", err)
	}
}
