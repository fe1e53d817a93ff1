package kubectl

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/kubectl/apply"
)

// runCreate is `kubectl create -f` (staging/src/k8s.io/kubectl/pkg/cmd/
// create/create.go: Run, ValidateArgs, RunCreate). Without -f it says so
// and behaves as a command group.
func runCreate(e *env, c *command, fs *flagSet, args []string) error {
	if len(fs.strings("filename")) == 0 && fs.string("kustomize") == "" {
		io.WriteString(e.errOut, "Error: must specify one of -f and -k\n\n")
		return defaultSubCommandRun(e, c, fs, args)
	}
	infos, dry, err := readObjectArgs(e, c, fs, args, "create")
	if err != nil {
		return err
	}
	var errs []error
	for _, in := range infos {
		if in.err != nil {
			// RunCreate's visitor gets the document's error in its turn.
			errs = append(errs, in.err)
			continue
		}
		if err := e.saveConfigThenRecord(in, fs.bool("save-config")); err != nil {
			errs = append(errs, addSourceToErr("creating", in.source, err))
			continue
		}
		if err := e.createOne(in, dry, fs.string("output")); err != nil {
			errs = append(errs, addSourceToErr("creating", in.source, err))
		}
	}
	return newAggregate(errs)
}

// createOne creates (or, in a dry run, only prints) one object.
func (e *env) createOne(in *info, dry dryRun, output string) error {
	obj, err := e.createObject(in, dry)
	if err != nil {
		return err
	}
	return e.printName(in, obj, "created"+dry.suffix(), output)
}

// createObject sends one object to the API server and returns what it
// stored; in a dry run it returns the object unchanged.
func (e *env) createObject(in *info, dry dryRun) (api.Object, error) {
	if dry != dryRunNone {
		return in.obj, nil
	}
	obj := in.obj.DeepCopyObject()
	if in.kind.Namespaced {
		obj.GetObjectMeta().Namespace = in.namespace
	}
	return e.cluster.Server().Create(obj)
}

// saveConfigThenRecord is RunCreate's and RunReplace's order: with
// --save-config the file's configuration goes into the last-applied
// annotation (util.CreateOrUpdateAnnotation), then --record adds the
// change-cause, which the saved configuration therefore does not hold.
func (e *env) saveConfigThenRecord(in *info, saveConfig bool) error {
	if saveConfig {
		raw, err := apply.CreateApplyAnnotation(in.manifest, in.namespace)
		if err != nil {
			return err
		}
		setAnnotation(in.obj, apply.LastAppliedConfigAnnotation, raw)
	}
	e.record(in.obj)
	return nil
}

// runCreateDeployment is `kubectl create deployment NAME --image=IMAGE
// [--replicas=N] [--port=P] [-- COMMAND ARGS...]` (create_deployment.go):
// labels and selector app=NAME, one container per image named after the
// image (without registry, tag or digest).
func runCreateDeployment(e *env, c *command, fs *flagSet, args []string) error {
	var command []string
	if fs.argsLenAtDash > -1 {
		command = args[fs.argsLenAtDash:]
	}
	argsLen := fs.argsLenAtDash
	if argsLen == -1 {
		argsLen = len(args)
	}
	if argsLen != 1 {
		return usageErrorf(c, "exactly one NAME is required, got %d", argsLen)
	}
	name := args[0]
	images := fs.strings("image")
	if err := checkOutput(fs); err != nil {
		return err
	}
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return err
	}
	if len(images) > 1 && len(command) > 0 {
		return errors.New("cannot specify multiple --image options and command")
	}
	lbls := map[string]string{"app": name}
	replicas := int32(fs.int("replicas"))
	d := &api.Deployment{
		TypeMeta:   api.TypeMeta{APIVersion: "apps/v1", Kind: "Deployment"},
		ObjectMeta: api.ObjectMeta{Name: name, Labels: lbls},
		Spec: api.DeploymentSpec{
			Replicas: &replicas,
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": name}},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": name}}},
		},
	}
	if e.explicitNS {
		d.Namespace = e.namespace
	}
	for _, image := range images {
		cname := image[strings.LastIndex(image, "/")+1:]
		if i := strings.Index(cname, ":"); i >= 0 {
			cname = cname[:i]
		}
		if i := strings.Index(cname, "@"); i >= 0 {
			cname = cname[:i]
		}
		cname = strings.ReplaceAll(cname, "_", "-")
		d.Spec.Template.Spec.Containers = append(d.Spec.Template.Spec.Containers, api.Container{Name: cname, Image: image, Command: command})
	}
	if port := fs.int("port"); port >= 0 && len(images) > 0 {
		d.Spec.Template.Spec.Containers[0].Ports = []api.ContainerPort{{ContainerPort: int32(port)}}
	}
	if fs.bool("save-config") {
		// The generator's object is typed: kubectl encodes it with the
		// scheme's JSON encoder, which this approximates with sorted keys.
		raw, err := canonicalJSON(d)
		if err != nil {
			return err
		}
		setAnnotation(d, apply.LastAppliedConfigAnnotation, string(raw)+"\n")
	}
	in := &info{kind: api.KindOf(d), namespace: e.namespace, name: name, obj: d}
	obj, err := e.createObject(in, dry)
	if err != nil {
		// CreateDeploymentOptions.Run wraps the server's error with %v, so
		// kubectl prints it as a plain error ("error: failed to create
		// deployment: ..."), not as "Error from server (AlreadyExists)".
		// create namespace (NamespaceOptions.Run) returns it unwrapped.
		return fmt.Errorf("failed to create deployment: %v", err)
	}
	return e.printName(in, obj, "created"+dry.suffix(), fs.string("output"))
}

// runCreateNamespace is `kubectl create namespace NAME` (create_namespace.go).
func runCreateNamespace(e *env, c *command, fs *flagSet, args []string) error {
	if len(args) != 1 {
		return usageErrorf(c, "exactly one NAME is required, got %d", len(args))
	}
	if err := checkOutput(fs); err != nil {
		return err
	}
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return err
	}
	ns := &api.Namespace{TypeMeta: api.TypeMeta{APIVersion: "v1", Kind: "Namespace"}, ObjectMeta: api.ObjectMeta{Name: args[0]}}
	return e.createOne(&info{kind: api.KindOf(ns), name: args[0], obj: ns}, dry, fs.string("output"))
}
