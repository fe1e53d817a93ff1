package kubectl

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// runRun is `kubectl run NAME --image=IMAGE [--env=K=V]... [--port=P]
// [--labels=K=V,...] [--restart=Always|OnFailure|Never] [--command]
// [-- COMMAND|ARGS...]` (pkg/cmd/run/run.go with the BasicPod generator of
// pkg/generate/versioned/run.go): one bare Pod labelled run=NAME, its one
// container named NAME. Attaching (-i, -t, --attach, --rm) needs a
// terminal the playground does not have.
func runRun(e *env, c *command, fs *flagSet, args []string) error {
	argsLen := fs.argsLenAtDash
	if argsLen == -1 {
		argsLen = len(args)
	}
	if argsLen < 1 {
		return usageErrorf(c, "NAME is required for run")
	}
	for _, f := range []string{"stdin", "tty", "attach", "rm"} {
		if fs.bool(f) {
			return fmt.Errorf("--%s is not available in the playground: it has no terminal to attach to", f)
		}
	}
	name := args[0]
	image := fs.string("image")
	if image == "" {
		return errors.New("--image is required")
	}
	if err := checkOutput(fs); err != nil {
		return err
	}
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return err
	}
	restart := api.RestartPolicyAlways // getRestartPolicy, not interactive
	if r := fs.string("restart"); r != "" {
		switch p := api.RestartPolicy(r); p {
		case api.RestartPolicyAlways, api.RestartPolicyOnFailure, api.RestartPolicyNever:
			restart = p
		default:
			return usageErrorf(c, "invalid restart policy: %s", r)
		}
	}
	labels := map[string]string{"run": name}
	if spec := fs.string("labels"); spec != "" {
		if labels, err = parseRunLabels(spec); err != nil {
			return err
		}
	}
	env, err := parseRunEnvs(fs.strings("env"))
	if err != nil {
		return err
	}
	ctr := api.Container{Name: name, Image: image, Env: env, ImagePullPolicy: api.PullPolicy(fs.string("image-pull-policy"))}
	if rest := args[1:]; len(rest) > 0 {
		if fs.bool("command") {
			ctr.Command = rest
		} else {
			ctr.Args = rest
		}
	}
	if p := fs.string("port"); p != "" {
		port, err := strconv.Atoi(p)
		if err != nil {
			return err
		}
		ctr.Ports = []api.ContainerPort{{ContainerPort: int32(port)}}
	}
	pod := &api.Pod{
		TypeMeta:   api.TypeMeta{APIVersion: "v1", Kind: "Pod"},
		ObjectMeta: api.ObjectMeta{Name: name, Labels: labels},
		Spec: api.PodSpec{Containers: []api.Container{ctr},
			DNSPolicy: api.DNSClusterFirst, RestartPolicy: restart},
	}
	if e.explicitNS {
		pod.Namespace = e.namespace
	}
	return e.createOne(&info{kind: api.KindOf(pod), namespace: e.namespace, name: name, obj: pod}, dry, fs.string("output"))
}

// parseRunLabels is generate.ParseLabels: K=V pairs, comma-separated.
func parseRunLabels(spec string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range strings.Split(spec, ",") {
		parts := strings.Split(kv, "=")
		if len(parts) != 2 {
			return nil, fmt.Errorf("unexpected label spec: %s", kv)
		}
		if parts[0] == "" {
			return nil, errors.New("unexpected empty label key")
		}
		out[parts[0]] = parts[1]
	}
	return out, nil
}

// parseRunEnvs is the generator's parseEnvs: each --env is NAME=VALUE.
func parseRunEnvs(envs []string) ([]api.EnvVar, error) {
	var out []api.EnvVar
	for _, s := range envs {
		name, value, ok := strings.Cut(s, "=")
		if !ok || name == "" {
			return nil, fmt.Errorf("invalid env: %v", s)
		}
		out = append(out, api.EnvVar{Name: name, Value: value})
	}
	return out, nil
}
