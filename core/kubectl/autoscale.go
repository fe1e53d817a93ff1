package kubectl

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

func init() {
	// NewCmdAutoscale's Long and autoscaleExample (see helpText); its Use
	// has DisableFlagsInUseLine.
	helpTexts["kubectl autoscale"] = helpText{
		long: "Creates an autoscaler that automatically chooses and sets the number of pods that run in a Kubernetes cluster. " +
			"The command will attempt to use the autoscaling/v2 API first, in case of an error, it will fall back to autoscaling/v1 API.\n\n" +
			" Looks up a deployment, replica set, stateful set, or replication controller by name and creates an autoscaler that uses the given resource as a reference. " +
			"An autoscaler can automatically increase or decrease number of pods deployed within the system as needed.",
		example: "  # Auto scale a deployment \"foo\", with the number of pods between 2 and 10, no target CPU utilization specified so a default autoscaling policy will be used\n" +
			"  kubectl autoscale deployment foo --min=2 --max=10\n" +
			"  \n" +
			"  # Auto scale a replication controller \"foo\", with the number of pods between 1 and 5, target CPU utilization at 80%\n" +
			"  kubectl autoscale rc foo --max=5 --cpu=80%\n" +
			"  \n" +
			"  # Auto scale a deployment \"bar\", with the number of pods between 3 and 6, target average CPU of 500m and memory of 200Mi\n" +
			"  kubectl autoscale deployment bar --min=3 --max=6 --cpu=500m --memory=200Mi\n" +
			"  \n" +
			"  # Auto scale a deployment \"bar\", with the number of pods between 2 and 8, target CPU utilization 60% and memory utilization 70%\n" +
			"  kubectl autoscale deployment bar --min=2 --max=8 --cpu=60% --memory=70%",
		use: "kubectl autoscale (-f FILENAME | TYPE NAME | TYPE/NAME) [--min=MINPODS] --max=MAXPODS [--cpu=CPU] [--memory=MEMORY]",
	}
}

// autoscaleCommand is `kubectl autoscale`.
func autoscaleCommand() *command {
	return &command{name: "autoscale", short: "Auto-scale a deployment, replica set, stateful set, or replication controller",
		run: runAutoscale, required: []string{"max"},
		flags: flags(filenameFlags, outputFlag, templateFlags, dryRunFlag, recordFlag, fieldMgrFlag,
			flagDef{name: "min", kind: kindInt32, def: "-1"},
			flagDef{name: "max", kind: kindInt32, def: "-1"},
			flagDef{name: "cpu-percent", kind: kindInt32, def: "-1",
				deprecated: "Use --cpu with percentage or resource quantity format (e.g., '70%' for utilization or '500m' for milliCPU)."},
			flagDef{name: "cpu", kind: kindString},
			flagDef{name: "memory", kind: kindString},
			flagDef{name: "name", kind: kindString},
			flagDef{name: "save-config", kind: kindBool})}
}

// runAutoscale is `kubectl autoscale` (staging/src/k8s.io/kubectl/pkg/cmd/
// autoscale/autoscale.go: Validate, Run, createHorizontalPodAutoscalerV2):
// an autoscaling/v2 HPA named after the target (or --name) with --max,
// --min when positive and a cpu/memory metric per --cpu / --memory (a
// percentage is a utilization target, a quantity an average value, a bare
// number millicores or mebibytes). Without a metric the server's default
// (80% cpu) applies.
func runAutoscale(e *env, c *command, fs *flagSet, args []string) error {
	minR, maxR, cpuPercent := int32(fs.int("min")), int32(fs.int("max")), int32(fs.int("cpu-percent"))
	cpu, memory := fs.string("cpu"), fs.string("memory")
	switch {
	case maxR < 1:
		return fmt.Errorf("--max=MAXPODS is required and must be at least 1, max: %d", maxR)
	case maxR < minR:
		return fmt.Errorf("--max=MAXPODS must be larger or equal to --min=MINPODS, max: %d, min: %d", maxR, minR)
	case cpuPercent > 0 && cpu != "":
		return errors.New("--cpu-percent and --cpu are mutually exclusive")
	}
	var metrics []api.MetricSpec
	if cpuPercent > 0 {
		metrics = append(metrics, api.MetricSpec{Type: api.ResourceMetricSourceType, Resource: &api.ResourceMetricSource{
			Name: api.ResourceCPU, Target: api.MetricTarget{Type: api.UtilizationMetricType, AverageUtilization: &cpuPercent}}})
	}
	for _, in := range []struct {
		value string
		name  api.ResourceName
	}{{cpu, api.ResourceCPU}, {memory, api.ResourceMemory}} {
		if in.value == "" {
			continue
		}
		t, err := parseResourceInput(in.value, in.name)
		if err != nil {
			return err
		}
		metrics = append(metrics, api.MetricSpec{Type: api.ResourceMetricSourceType, Resource: &api.ResourceMetricSource{Name: in.name, Target: t}})
	}
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
	errs := r.errs
	count := 0
	for _, in := range r.infos {
		if in.kind.Kind != "Deployment" && in.kind.Kind != "ReplicaSet" {
			// ScaleForResource: no scale subresource.
			errs = append(errs, fmt.Errorf("cannot autoscale a %s: could not find scale subresource for %s in discovery information",
				in.kind.Kind, in.kind.GroupResource()))
			continue
		}
		name := fs.string("name")
		if name == "" {
			name = in.name
		}
		hpa := &api.HorizontalPodAutoscaler{
			TypeMeta:   api.TypeMeta{APIVersion: "autoscaling/v2", Kind: "HorizontalPodAutoscaler"},
			ObjectMeta: api.ObjectMeta{Name: name, Namespace: in.namespace},
			Spec: api.HorizontalPodAutoscalerSpec{MaxReplicas: maxR, Metrics: metrics,
				ScaleTargetRef: api.CrossVersionObjectReference{APIVersion: in.kind.APIVersion(), Kind: in.kind.Kind, Name: in.name}},
		}
		if minR > 0 {
			hpa.Spec.MinReplicas = &minR
		}
		out := &info{kind: api.KindOf(hpa), namespace: in.namespace, name: name, obj: hpa}
		if dry == dryRunClient {
			if err := e.printName(out, hpa, "created"+dry.suffix(), fs.string("output")); err != nil {
				errs = append(errs, err)
			}
			count++
			continue
		}
		s := e.cluster.Server()
		var created api.Object
		var err error
		if dry == dryRunServer {
			err = s.DryRun(func() (err error) { created, err = s.Create(hpa); return err })
		} else {
			created, err = s.Create(hpa)
		}
		if err != nil {
			// The v1 fallback sends the same object and fails the same way.
			errs = append(errs, err)
			continue
		}
		count++
		if err := e.printName(out, created, "autoscaled"+dry.suffix(), fs.string("output")); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return newAggregate(errs)
	}
	if count == 0 {
		return errors.New("no objects passed to autoscale")
	}
	return nil
}

// parseResourceInput models the function of that name: "70%" targets
// utilization, "500m" or "2Gi" an average value, a bare number the
// resource's default unit (m for cpu, Mi for memory).
func parseResourceInput(input string, name api.ResourceName) (api.MetricTarget, error) {
	input = strings.TrimSpace(input)
	if input == "" {
		return api.MetricTarget{}, errors.New("empty input")
	}
	if p, ok := strings.CutSuffix(input, "%"); ok { // parsePercentage
		v, err := strconv.ParseInt(p, 10, 32)
		if err != nil || v < 0 {
			return api.MetricTarget{}, fmt.Errorf("invalid percentage value: %s", p)
		}
		u := int32(v)
		return api.MetricTarget{Type: api.UtilizationMetricType, AverageUtilization: &u}, nil
	}
	if f, err := strconv.ParseFloat(input, 64); err == nil {
		unit := "m"
		if name == api.ResourceMemory {
			unit = "Mi"
		}
		q, err := resource.ParseQuantity(fmt.Sprintf("%g%s", f, unit))
		if err != nil {
			return api.MetricTarget{}, err
		}
		return api.MetricTarget{Type: api.AverageValueMetricType, AverageValue: &q}, nil
	}
	q, err := resource.ParseQuantity(input)
	if err != nil {
		return api.MetricTarget{}, fmt.Errorf("invalid resource %s value: %s", name, input)
	}
	return api.MetricTarget{Type: api.AverageValueMetricType, AverageValue: &q}, nil
}
