package kubectl

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// runExpose is `kubectl expose` (staging/src/k8s.io/kubectl/pkg/cmd/expose/
// expose.go): a Service named after the object (or --name), selecting
// the object's pods (its matchLabels, or a pod's labels), labelled like
// the object, with --port or the container ports found by introspection.
func runExpose(e *env, c *command, fs *flagSet, args []string) error {
	if err := checkOutput(fs); err != nil {
		return err
	}
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return err
	}
	r, err := e.resolve(selection{args: args, filenames: fs.strings("filename"), requireNames: true, latest: true})
	if err != nil {
		return err
	}
	if len(r.errs) > 0 {
		return newAggregate(r.errs)
	}
	var errs []error
	for _, in := range r.infos {
		if err := e.exposeOne(in, fs, dry); err != nil {
			errs = append(errs, err)
		}
	}
	return newAggregate(errs)
}

func (e *env) exposeOne(in *info, fs *flagSet, dry dryRun) error {
	var selector map[string]string
	var objLabels map[string]string
	var containers []api.Container
	switch o := in.obj.(type) {
	case *api.Deployment:
		if o.Spec.Selector == nil || len(o.Spec.Selector.MatchExpressions) > 0 {
			return fmt.Errorf("couldn't retrieve selectors via --selector flag or introspection: invalid deployment: no selectors, therefore cannot be exposed")
		}
		selector, objLabels, containers = o.Spec.Selector.MatchLabels, o.Labels, o.Spec.Template.Spec.Containers
	case *api.ReplicaSet:
		if o.Spec.Selector == nil || len(o.Spec.Selector.MatchExpressions) > 0 {
			return fmt.Errorf("couldn't retrieve selectors via --selector flag or introspection: invalid replicaset: no selectors, therefore cannot be exposed")
		}
		selector, objLabels, containers = o.Spec.Selector.MatchLabels, o.Labels, o.Spec.Template.Spec.Containers
	case *api.Pod:
		selector, objLabels, containers = o.Labels, o.Labels, o.Spec.Containers
	case *api.Service:
		selector, objLabels = o.Spec.Selector, o.Labels
		for _, p := range o.Spec.Ports {
			containers = append(containers, api.Container{Ports: []api.ContainerPort{{ContainerPort: p.Port, Protocol: p.Protocol}}})
		}
	default:
		return fmt.Errorf("cannot expose a %s", in.kind.GroupKind())
	}
	if s := fs.string("selector"); s != "" {
		sel, err := labels.Parse(s)
		if err != nil {
			return err
		}
		selector = map[string]string{}
		reqs, _ := sel.Requirements()
		for _, r := range reqs {
			if vals := r.Values(); len(vals) == 1 {
				selector[r.Key()] = vals[0]
			}
		}
	}
	if len(selector) == 0 {
		return errors.New("couldn't retrieve selectors via --selector flag or introspection")
	}
	name := fs.string("name")
	if name == "" {
		name = in.name
	}
	svcLabels := objLabels
	if l := fs.string("labels"); l != "" {
		svcLabels = map[string]string{}
		for _, kv := range strings.Split(l, ",") {
			k, v, _ := strings.Cut(kv, "=")
			svcLabels[k] = v
		}
	}
	svc := &api.Service{
		TypeMeta:   api.TypeMeta{APIVersion: "v1", Kind: "Service"},
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: in.namespace, Labels: copyMap(svcLabels)},
		Spec:       api.ServiceSpec{Selector: copyMap(selector)},
	}
	if t := fs.string("type"); t != "" {
		svc.Spec.Type = api.ServiceType(t)
	}
	protocol := api.Protocol(fs.string("protocol"))
	if p := fs.string("port"); p != "" {
		for _, s := range strings.Split(p, ",") {
			n, err := strconv.Atoi(s)
			if err != nil {
				return fmt.Errorf("invalid port: %s", s)
			}
			svc.Spec.Ports = append(svc.Spec.Ports, api.ServicePort{Port: int32(n), Protocol: protocolOr(protocol, "TCP")})
		}
	} else {
		for _, ct := range containers {
			for _, p := range ct.Ports {
				svc.Spec.Ports = append(svc.Spec.Ports, api.ServicePort{Port: p.ContainerPort, Protocol: protocolOr(protocol, p.Protocol)})
			}
		}
		if len(svc.Spec.Ports) == 0 {
			return errors.New("couldn't find port via --port flag or introspection")
		}
	}
	if len(svc.Spec.Ports) > 1 {
		for i := range svc.Spec.Ports {
			svc.Spec.Ports[i].Name = fmt.Sprintf("port-%d", i+1)
		}
	}
	for i := range svc.Spec.Ports {
		if tp := fs.string("target-port"); tp != "" {
			if n, err := strconv.Atoi(tp); err == nil {
				svc.Spec.Ports[i].TargetPort = api.FromInt(int32(n))
			} else {
				svc.Spec.Ports[i].TargetPort = api.FromString(tp)
			}
		} else {
			svc.Spec.Ports[i].TargetPort = api.FromInt(svc.Spec.Ports[i].Port)
		}
	}
	out := &info{kind: api.KindOf(svc), namespace: in.namespace, name: name, obj: svc}
	if dry == dryRunNone {
		created, err := e.cluster.Server().Create(svc)
		if err != nil {
			return err
		}
		out.obj = created
	}
	return e.printName(out, out.obj, "exposed"+dry.suffix(), fs.string("output"))
}

func protocolOr(p, def api.Protocol) api.Protocol {
	if p != "" {
		return p
	}
	if def == "" {
		return api.ProtocolTCP
	}
	return def
}

func copyMap(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make(map[string]string, len(m))
	for _, k := range keys {
		out[k] = m[k]
	}
	return out
}
