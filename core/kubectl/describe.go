package kubectl

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubectl/describe"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
)

// runDescribe is `kubectl describe` (staging/src/k8s.io/kubectl/pkg/cmd/
// describe/describe.go: Run and DescribeMatchingResources): named objects,
// or, when a name is not found, every object whose name starts with it;
// whole types with -l or none; descriptions separated by a blank line.
func runDescribe(e *env, c *command, fs *flagSet, args []string) error {
	if len(args) == 0 && len(fs.strings("filename")) == 0 {
		return fmt.Errorf("You must specify the type of resource to describe. %s\n", suggestAPIResources)
	}
	allNS := fs.bool("all-namespaces")
	sel := selection{args: args, filenames: fs.strings("filename"), selector: fs.string("selector"), allNS: allNS, latest: true}
	r, err := e.resolve(sel)
	if err != nil {
		return err
	}
	if len(args) == 2 && len(r.errs) == 1 && apiserver.IsNotFound(r.errs[0]) && !strings.Contains(args[1], "/") {
		return e.describeMatching(args[0], args[1], r.errs[0])
	}
	infos := r.infos
	errs := r.errs
	if len(infos) == 0 && len(errs) == 0 {
		io.WriteString(e.errOut, printers.NoResourcesFound(e.namespace, allNS)+"\n")
		return nil
	}
	first := true
	for _, in := range infos {
		var buf bytes.Buffer
		if err := e.describeOne(&buf, in); err != nil {
			errs = append(errs, err)
			continue
		}
		if !first {
			io.WriteString(e.out, describe.Separator)
		}
		first = false
		e.out.Write(buf.Bytes())
	}
	return newAggregate(errs)
}

// describeOne gathers what a describer needs and prints one object.
func (e *env) describeOne(w io.Writer, in *info) error {
	s := e.cluster.Server()
	now := e.cluster.Now()
	events, _, _ := apiserver.ListAs[*api.Event](s, "", nil)
	switch obj := in.obj.(type) {
	case *api.Deployment:
		rss, _, _ := apiserver.ListAs[*api.ReplicaSet](s, obj.Namespace, nil)
		return describe.Deployment(w, obj, rss, events, now)
	case *api.ReplicaSet:
		pods, _, _ := apiserver.ListAs[*api.Pod](s, obj.Namespace, nil)
		return describe.ReplicaSet(w, obj, pods, events, now)
	case *api.Pod:
		return describe.Pod(w, obj, events, now)
	case *api.Service:
		slices, _, _ := apiserver.ListAs[*api.EndpointSlice](s, obj.Namespace, labels.Everything())
		return describe.Service(w, obj, slices, events, now)
	case *api.Node:
		pods, _, _ := apiserver.ListAs[*api.Pod](s, "", nil)
		var lease *api.Lease
		if l, err := apiserver.GetAs[*api.Lease](s, "kube-node-lease", obj.Name); err == nil {
			lease = l
		}
		return describe.Node(w, obj, pods, lease, events, now)
	case *api.Endpoints:
		return describe.Endpoints(w, obj, events, now)
	case *api.EndpointSlice:
		return describe.EndpointSlice(w, obj, events, now)
	case *api.ResourceQuota:
		return describe.ResourceQuota(w, obj)
	case *api.Namespace:
		quotas, _, _ := apiserver.ListAs[*api.ResourceQuota](s, obj.Name, nil)
		return describe.Namespace(w, obj, quotas)
	case *api.ConfigMap:
		return describe.ConfigMap(w, obj, events, now)
	case *api.Secret:
		return describe.Secret(w, obj)
	case *api.ServiceAccount:
		return describe.ServiceAccount(w, obj, events, now)
	case *api.Lease, *api.RuntimeClass:
		// kubectl has no describer for these: DescriberFor falls back to
		// GenericDescriberFor.
		return describe.Generic(w, obj, events, now)
	}
	if ok, err := e.describeKinds(w, in.obj, events, now); ok { // describe_kinds.go
		return err
	}
	return fmt.Errorf("describing %s is not available in the playground", in.kind.Kind)
}

// describeMatching is DescribeMatchingResources: TYPE NAME found no object
// named NAME, so every object of TYPE whose name starts with NAME is
// described, each followed by a blank line; none found is the original
// NotFound error.
func (e *env) describeMatching(typ, prefix string, original error) error {
	k, err := resolveResourceType(typ)
	if err != nil {
		return original
	}
	list, err := e.cluster.Server().List(k, e.namespaceFor(k), nil)
	if err != nil {
		return err
	}
	found := false
	for _, obj := range list.Items {
		m := obj.GetObjectMeta()
		if !strings.HasPrefix(m.Name, prefix) {
			continue
		}
		found = true
		var buf bytes.Buffer
		if err := e.describeOne(&buf, &info{kind: k, namespace: m.Namespace, name: m.Name, obj: obj}); err != nil {
			return err
		}
		buf.WriteString("\n")
		e.out.Write(buf.Bytes())
	}
	if !found {
		return original
	}
	return nil
}
