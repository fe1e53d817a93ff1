package validation

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestValidateDeployment(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(d *api.Deployment)
		want   []string
	}{
		{"valid", func(d *api.Deployment) {}, nil},
		{"valid with expressions", func(d *api.Deployment) {
			d.Spec.Selector.MatchExpressions = []api.LabelSelectorRequirement{{Key: "tier", Operator: api.LabelSelectorOpNotIn, Values: []string{"db"}}}
		}, nil},
		{"valid zero replicas and revisionHistoryLimit", func(d *api.Deployment) {
			d.Spec.Replicas = ptr(int32(0))
			d.Spec.RevisionHistoryLimit = ptr(int32(0))
		}, nil},
		{"valid generated name", func(d *api.Deployment) { d.GenerateName, d.Name = "web-", "web-x7k2p" }, nil},
		{"valid Recreate", func(d *api.Deployment) { d.Spec.Strategy.Type = api.RecreateDeploymentStrategyType }, nil},

		// metadata
		{"missing name", func(d *api.Deployment) { d.Name = "" },
			[]string{"metadata.name: Required value: name or generateName is required"}},
		{"generateName alone is not enough", func(d *api.Deployment) { d.Name, d.GenerateName = "", "web-" },
			[]string{"metadata.name: Required value: name or generateName is required"}},
		{"invalid name", func(d *api.Deployment) { d.Name = "Web_1" },
			[]string{`metadata.name: Invalid value: "Web_1": ` + subdomainMsg}},
		{"name too long", func(d *api.Deployment) { d.Name = strings.Repeat("a", 254) },
			[]string{`metadata.name: Invalid value: "` + strings.Repeat("a", 254) + `": must be no more than 253 bytes`}},
		{"invalid generateName", func(d *api.Deployment) { d.GenerateName = "Web-" },
			[]string{`metadata.generateName: Invalid value: "Web-": ` + subdomainMsg}},
		{"missing namespace", func(d *api.Deployment) { d.Namespace = "" },
			[]string{"metadata.namespace: Required value"}},
		{"invalid namespace", func(d *api.Deployment) { d.Namespace = "Prod" },
			[]string{`metadata.namespace: Invalid value: "Prod": ` + labelMsg}},
		{"invalid label key and value", func(d *api.Deployment) {
			d.Labels = map[string]string{"-x": "ok", "tier": "-bad-"}
		}, []string{
			`metadata.labels: Invalid value: "-x": ` + nameMsg,
			`metadata.labels: Invalid value: "-bad-": ` + labelValueMsg,
		}},
		{"invalid annotation key", func(d *api.Deployment) { d.Annotations = map[string]string{"a/b/c": "x"} },
			[]string{`metadata.annotations: Invalid value: "a/b/c": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`}},
		{"annotation keys are case-insensitive", func(d *api.Deployment) { d.Annotations = map[string]string{"Example.COM/Note": "x"} }, nil},
		{"annotations too large", func(d *api.Deployment) {
			d.Annotations = map[string]string{"big": strings.Repeat("x", 256*1024)}
		}, []string{"metadata.annotations: Too long: may not be more than 262144 bytes"}},
		{"two controllers", func(d *api.Deployment) {
			d.OwnerReferences = []api.OwnerReference{
				{APIVersion: "v1", Kind: "A", Name: "a", UID: "1", Controller: ptr(true)},
				{APIVersion: "v1", Kind: "B", Name: "b", UID: "2", Controller: ptr(true)},
			}
		}, []string{`metadata.ownerReferences: Invalid value: [{"apiVersion":"v1","kind":"A","name":"a","uid":"1","controller":true},{"apiVersion":"v1","kind":"B","name":"b","uid":"2","controller":true}]: Only one reference can have Controller set to true. Found "true" in references for A/a and B/b`}},
		{"incomplete owner reference", func(d *api.Deployment) {
			d.OwnerReferences = []api.OwnerReference{{}}
		}, []string{
			`metadata.ownerReferences.apiVersion: Invalid value: "": version must not be empty`,
			`metadata.ownerReferences.kind: Invalid value: "": must not be empty`,
			`metadata.ownerReferences.name: Invalid value: "": must not be empty`,
			`metadata.ownerReferences.uid: Invalid value: "": must not be empty`,
		}},
		{"event owner", func(d *api.Deployment) {
			d.OwnerReferences = []api.OwnerReference{{APIVersion: "v1", Kind: "Event", Name: "e", UID: "1"}}
		}, []string{`metadata.ownerReferences: Invalid value: {"apiVersion":"v1","kind":"Event","name":"e","uid":"1"}: /v1, Kind=Event is disallowed from being an owner`}},
		{"finalizers", func(d *api.Deployment) {
			d.Finalizers = []string{"orphan", "foregroundDeletion", "cleanup", "example.com/ok"}
		},
			[]string{
				`metadata.finalizers: Invalid value: ["orphan","foregroundDeletion","cleanup","example.com/ok"]: finalizer orphan and foregroundDeletion cannot be both set`,
				`metadata.finalizers[2]: Invalid value: "cleanup": name is neither a standard finalizer name nor is it fully qualified`,
			}},

		// spec
		{"negative replicas", func(d *api.Deployment) { d.Spec.Replicas = ptr(int32(-1)) },
			[]string{"spec.replicas: Invalid value: -1: must be greater than or equal to 0"}},
		{"missing selector", func(d *api.Deployment) { d.Spec.Selector = nil },
			[]string{
				"spec.selector: Required value",
				"spec.template.metadata.labels: Invalid value: {\"app\":\"web\"}: `selector` does not match template `labels`",
			}},
		{"empty selector", func(d *api.Deployment) { d.Spec.Selector = &api.LabelSelector{} },
			[]string{"spec.selector: Invalid value: {}: empty selector is invalid for deployment"}},
		{"selector does not match template", func(d *api.Deployment) { d.Spec.Template.Labels = map[string]string{"app": "x"} },
			[]string{"spec.template.metadata.labels: Invalid value: {\"app\":\"x\"}: `selector` does not match template `labels`"}},
		{"template without labels", func(d *api.Deployment) { d.Spec.Template.Labels = nil },
			[]string{"spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`"}},
		{"invalid selector operator", func(d *api.Deployment) {
			d.Spec.Selector.MatchExpressions = []api.LabelSelectorRequirement{{Key: "tier", Operator: "Foo"}}
		}, []string{
			`spec.selector.matchExpressions[0].operator: Invalid value: "Foo": not a valid selector operator`,
			`spec.selector: Invalid value: {"matchLabels":{"app":"web"},"matchExpressions":[{"key":"tier","operator":"Foo"}]}: invalid label selector`,
		}},
		{"In without values", func(d *api.Deployment) {
			d.Spec.Selector.MatchExpressions = []api.LabelSelectorRequirement{{Key: "tier", Operator: api.LabelSelectorOpIn}}
		}, []string{
			"spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
			`spec.selector: Invalid value: {"matchLabels":{"app":"web"},"matchExpressions":[{"key":"tier","operator":"In"}]}: invalid label selector`,
		}},
		{"Exists with values", func(d *api.Deployment) {
			d.Spec.Selector.MatchExpressions = []api.LabelSelectorRequirement{{Key: "tier", Operator: api.LabelSelectorOpExists, Values: []string{"a"}}}
		}, []string{
			"spec.selector.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
			`spec.selector: Invalid value: {"matchLabels":{"app":"web"},"matchExpressions":[{"key":"tier","operator":"Exists","values":["a"]}]}: invalid label selector`,
		}},
		{"invalid selector label value", func(d *api.Deployment) {
			d.Spec.Selector.MatchLabels = map[string]string{"app": "web!"}
		}, []string{
			`spec.selector.matchLabels: Invalid value: "web!": ` + labelValueMsg,
			`spec.selector: Invalid value: {"matchLabels":{"app":"web!"}}: invalid label selector`,
		}},
		{"restartPolicy Never", func(d *api.Deployment) { d.Spec.Template.Spec.RestartPolicy = api.RestartPolicyNever },
			[]string{`spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"`}},
		{"restartPolicy unknown", func(d *api.Deployment) { d.Spec.Template.Spec.RestartPolicy = "Sometimes" },
			[]string{
				`spec.template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"`,
				`spec.template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always"`,
			}},
		{"activeDeadlineSeconds", func(d *api.Deployment) { d.Spec.Template.Spec.ActiveDeadlineSeconds = ptr(int64(30)) },
			[]string{"spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported"}},
		{"activeDeadlineSeconds out of range", func(d *api.Deployment) { d.Spec.Template.Spec.ActiveDeadlineSeconds = ptr(int64(0)) },
			[]string{
				"spec.template.spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive",
				"spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported",
			}},
		{"unknown strategy", func(d *api.Deployment) { d.Spec.Strategy.Type = "Canary" },
			[]string{`spec.strategy: Unsupported value: {"Type":"Canary","RollingUpdate":null}: supported values: "Recreate", "RollingUpdate"`}},
		{"unknown strategy with parameters", func(d *api.Deployment) {
			d.Spec.Strategy = api.DeploymentStrategy{Type: "Canary", RollingUpdate: &api.RollingUpdateDeployment{MaxSurge: ptr(api.FromInt(1))}}
		}, []string{`spec.strategy: Unsupported value: {"Type":"Canary","RollingUpdate":{"MaxUnavailable":0,"MaxSurge":1}}: supported values: "Recreate", "RollingUpdate"`}},
		{"Recreate with rollingUpdate", func(d *api.Deployment) {
			d.Spec.Strategy = api.DeploymentStrategy{Type: api.RecreateDeploymentStrategyType, RollingUpdate: &api.RollingUpdateDeployment{}}
		}, []string{"spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"}},
		{"maxSurge not a percent", func(d *api.Deployment) {
			d.Spec.Strategy.RollingUpdate = &api.RollingUpdateDeployment{MaxSurge: ptr(api.FromString("abc"))}
		}, []string{`spec.strategy.rollingUpdate.maxSurge: Invalid value: "abc": ` + percentMsg}},
		{"maxSurge numeric string", func(d *api.Deployment) {
			d.Spec.Strategy.RollingUpdate = &api.RollingUpdateDeployment{MaxSurge: ptr(api.FromString("1"))}
		}, []string{`spec.strategy.rollingUpdate.maxSurge: Invalid value: "1": ` + percentMsg}},
		{"negative maxSurge", func(d *api.Deployment) {
			d.Spec.Strategy.RollingUpdate = &api.RollingUpdateDeployment{MaxSurge: ptr(api.FromInt(-1))}
		}, []string{"spec.strategy.rollingUpdate.maxSurge: Invalid value: -1: must be greater than or equal to 0"}},
		{"negative maxUnavailable", func(d *api.Deployment) {
			d.Spec.Strategy.RollingUpdate = &api.RollingUpdateDeployment{MaxUnavailable: ptr(api.FromInt(-2))}
		}, []string{"spec.strategy.rollingUpdate.maxUnavailable: Invalid value: -2: must be greater than or equal to 0"}},
		{"both zero", func(d *api.Deployment) {
			d.Spec.Strategy.RollingUpdate = &api.RollingUpdateDeployment{MaxSurge: ptr(api.FromInt(0)), MaxUnavailable: ptr(api.FromInt(0))}
		}, []string{"spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0"}},
		{"both zero percent", func(d *api.Deployment) {
			d.Spec.Strategy.RollingUpdate = &api.RollingUpdateDeployment{MaxSurge: ptr(api.FromString("0%")), MaxUnavailable: ptr(api.FromString("0%"))}
		}, []string{"spec.strategy.rollingUpdate.maxUnavailable: Invalid value: \"0%\": may not be 0 when `maxSurge` is 0"}},
		{"garbage counts as zero", func(d *api.Deployment) {
			d.Spec.Strategy.RollingUpdate = &api.RollingUpdateDeployment{MaxSurge: ptr(api.FromString("x")), MaxUnavailable: ptr(api.FromInt(0))}
		}, []string{
			`spec.strategy.rollingUpdate.maxSurge: Invalid value: "x": ` + percentMsg,
			"spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0",
		}},
		{"raw numbers decide, not rounding", func(d *api.Deployment) {
			d.Spec.Strategy.RollingUpdate = &api.RollingUpdateDeployment{MaxSurge: ptr(api.FromString("0%")), MaxUnavailable: ptr(api.FromString("1%"))}
		}, nil},
		{"maxUnavailable over 100%", func(d *api.Deployment) {
			d.Spec.Strategy.RollingUpdate = &api.RollingUpdateDeployment{MaxUnavailable: ptr(api.FromString("110%"))}
		}, []string{`spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "110%": must not be greater than 100%`}},
		{"maxSurge over 100% is fine", func(d *api.Deployment) {
			d.Spec.Strategy.RollingUpdate = &api.RollingUpdateDeployment{MaxSurge: ptr(api.FromString("200%"))}
		}, nil},
		{"negative minReadySeconds", func(d *api.Deployment) { d.Spec.MinReadySeconds = -1 },
			[]string{"spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0"}},
		{"negative revisionHistoryLimit", func(d *api.Deployment) { d.Spec.RevisionHistoryLimit = ptr(int32(-1)) },
			[]string{"spec.revisionHistoryLimit: Invalid value: -1: must be greater than or equal to 0"}},
		{"progressDeadlineSeconds equal to minReadySeconds", func(d *api.Deployment) {
			d.Spec.MinReadySeconds = 10
			d.Spec.ProgressDeadlineSeconds = ptr(int32(10))
		}, []string{"spec.progressDeadlineSeconds: Invalid value: 10: must be greater than minReadySeconds"}},
		{"negative progressDeadlineSeconds", func(d *api.Deployment) { d.Spec.ProgressDeadlineSeconds = ptr(int32(-1)) },
			[]string{
				"spec.progressDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0",
				"spec.progressDeadlineSeconds: Invalid value: -1: must be greater than minReadySeconds",
			}},
		{"template label and annotation paths", func(d *api.Deployment) {
			d.Spec.Template.Labels["-x"] = "y"
			d.Spec.Template.Annotations = map[string]string{"controller.kubernetes.io/pod-deletion-cost": "+10"}
		}, []string{
			`spec.template.labels: Invalid value: "-x": ` + nameMsg,
			`spec.template.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: "+10": must be a 32bit integer`,
		}},
		{"errors in upstream order", func(d *api.Deployment) {
			d.Name = ""
			d.Spec.Replicas = ptr(int32(-1))
			d.Spec.Template.Labels = map[string]string{"app": "x"}
			d.Spec.Template.Spec.Containers[0].Image = ""
			d.Spec.Template.Spec.RestartPolicy = api.RestartPolicyOnFailure
			d.Spec.Strategy.Type = api.RecreateDeploymentStrategyType
			d.Spec.Strategy.RollingUpdate = &api.RollingUpdateDeployment{}
			d.Spec.MinReadySeconds = -5
		}, []string{
			"metadata.name: Required value: name or generateName is required",
			"spec.replicas: Invalid value: -1: must be greater than or equal to 0",
			"spec.template.metadata.labels: Invalid value: {\"app\":\"x\"}: `selector` does not match template `labels`",
			"spec.template.spec.containers[0].image: Required value",
			`spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"`,
			"spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'",
			"spec.minReadySeconds: Invalid value: -5: must be greater than or equal to 0",
		}},
	}
	for _, tt := range tests {
		d := validDeployment()
		tt.mutate(d)
		check(t, tt.name, ValidateObject(defaulted(d)), tt.want)
	}
}

func TestValidateDeploymentUpdate(t *testing.T) {
	old := defaulted(validDeployment())
	old.UID, old.ResourceVersion, old.Generation = "uid-1", "10", 2
	tests := []struct {
		name   string
		mutate func(d *api.Deployment)
		want   []string
	}{
		{"scale", func(d *api.Deployment) { d.Spec.Replicas = ptr(int32(5)) }, nil},
		{"new image", func(d *api.Deployment) { d.Spec.Template.Spec.Containers[0].Image = "nginx:1.26" }, nil},
		{"selector is immutable", func(d *api.Deployment) {
			d.Spec.Selector = &api.LabelSelector{MatchLabels: map[string]string{"app": "web2"}}
			d.Spec.Template.Labels = map[string]string{"app": "web2"}
		}, []string{`spec.selector: Invalid value: {"matchLabels":{"app":"web2"}}: field is immutable`}},
		{"selector change is reported after the spec errors", func(d *api.Deployment) {
			d.Spec.Selector = &api.LabelSelector{MatchLabels: map[string]string{"app": "web2"}}
		}, []string{
			"spec.template.metadata.labels: Invalid value: {\"app\":\"web\"}: `selector` does not match template `labels`",
			`spec.selector: Invalid value: {"matchLabels":{"app":"web2"}}: field is immutable`,
		}},
		{"an equivalent selector is not a change", func(d *api.Deployment) {
			d.Spec.Selector = &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}, MatchExpressions: []api.LabelSelectorRequirement{}}
		}, nil},
		{"name is immutable", func(d *api.Deployment) { d.Name = "other" },
			[]string{`metadata.name: Invalid value: "other": field is immutable`}},
		{"namespace is immutable", func(d *api.Deployment) { d.Namespace = "prod" },
			[]string{`metadata.namespace: Invalid value: "prod": field is immutable`}},
		{"uid is immutable", func(d *api.Deployment) { d.UID = "uid-2" },
			[]string{`metadata.uid: Invalid value: "uid-2": field is immutable`}},
		{"resourceVersion is required", func(d *api.Deployment) { d.ResourceVersion = "" },
			[]string{`metadata.resourceVersion: Invalid value: "": must be specified for an update`}},
		{"generation may not go down", func(d *api.Deployment) { d.Generation = 1 },
			[]string{"metadata.generation: Invalid value: 1: must not be decremented"}},
		{"spec rules still apply", func(d *api.Deployment) { d.Spec.Replicas = ptr(int32(-3)) },
			[]string{"spec.replicas: Invalid value: -3: must be greater than or equal to 0"}},
	}
	for _, tt := range tests {
		d := api.DeepCopy(old)
		tt.mutate(d)
		check(t, tt.name, ValidateObjectUpdate(defaulted(d), old), tt.want)
	}
}

func TestValidateDeploymentStatusUpdate(t *testing.T) {
	old := defaulted(validDeployment())
	old.ResourceVersion = "7"
	old.Status = api.DeploymentStatus{Replicas: 3, UpdatedReplicas: 3, ReadyReplicas: 3, AvailableReplicas: 3, CollisionCount: ptr(int32(1))}
	tests := []struct {
		name   string
		mutate func(s *api.DeploymentStatus)
		want   []string
	}{
		{"valid", func(s *api.DeploymentStatus) { s.ObservedGeneration = 2; s.ReadyReplicas = 2; s.AvailableReplicas = 1 }, nil},
		{"negative counts", func(s *api.DeploymentStatus) {
			s.ObservedGeneration, s.Replicas, s.UnavailableReplicas = -1, -1, -1
			s.UpdatedReplicas, s.ReadyReplicas, s.AvailableReplicas = -1, -1, -1
		}, []string{
			"status.observedGeneration: Invalid value: -1: must be greater than or equal to 0",
			"status.replicas: Invalid value: -1: must be greater than or equal to 0",
			"status.updatedReplicas: Invalid value: -1: must be greater than or equal to 0",
			"status.readyReplicas: Invalid value: -1: must be greater than or equal to 0",
			"status.availableReplicas: Invalid value: -1: must be greater than or equal to 0",
			"status.unavailableReplicas: Invalid value: -1: must be greater than or equal to 0",
		}},
		{"more than replicas", func(s *api.DeploymentStatus) { s.UpdatedReplicas, s.ReadyReplicas, s.AvailableReplicas = 4, 5, 6 },
			[]string{
				"status.updatedReplicas: Invalid value: 4: cannot be greater than status.replicas",
				"status.readyReplicas: Invalid value: 5: cannot be greater than status.replicas",
				"status.availableReplicas: Invalid value: 6: cannot be greater than status.replicas",
				"status.availableReplicas: Invalid value: 6: cannot be greater than readyReplicas",
			}},
		{"available above ready", func(s *api.DeploymentStatus) { s.ReadyReplicas = 1 },
			[]string{"status.availableReplicas: Invalid value: 3: cannot be greater than readyReplicas"}},
		{"collisionCount decremented", func(s *api.DeploymentStatus) { s.CollisionCount = ptr(int32(0)) },
			[]string{"status.collisionCount: Invalid value: 0: cannot be decremented"}},
		{"collisionCount removed", func(s *api.DeploymentStatus) { s.CollisionCount = nil },
			[]string{"status.collisionCount: Invalid value: 0: cannot be decremented"}},
		{"negative collisionCount", func(s *api.DeploymentStatus) { s.CollisionCount = ptr(int32(-1)) },
			[]string{
				"status.collisionCount: Invalid value: -1: must be greater than or equal to 0",
				"status.collisionCount: Invalid value: -1: cannot be decremented",
			}},
	}
	for _, tt := range tests {
		d := api.DeepCopy(old)
		tt.mutate(&d.Status)
		check(t, tt.name, ValidateStatusUpdate(d, old), tt.want)
	}
}

func TestValidateReplicaSet(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(rs *api.ReplicaSet)
		want   []string
	}{
		{"valid", func(rs *api.ReplicaSet) {}, nil},
		{"negative replicas and minReadySeconds", func(rs *api.ReplicaSet) {
			rs.Spec.Replicas = ptr(int32(-1))
			rs.Spec.MinReadySeconds = -1
		}, []string{
			"spec.replicas: Invalid value: -1: must be greater than or equal to 0",
			"spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0",
		}},
		{"missing selector", func(rs *api.ReplicaSet) { rs.Spec.Selector = nil }, []string{
			"spec.selector: Required value",
			"spec.template.metadata.labels: Invalid value: {\"app\":\"web\"}: `selector` does not match template `labels`",
		}},
		// Upstream's ReplicaSet message says "deployment".
		{"empty selector", func(rs *api.ReplicaSet) { rs.Spec.Selector = &api.LabelSelector{} },
			[]string{"spec.selector: Invalid value: {}: empty selector is invalid for deployment"}},
		{"template mismatch", func(rs *api.ReplicaSet) { rs.Spec.Template.Labels["app"] = "other" },
			[]string{"spec.template.metadata.labels: Invalid value: {\"app\":\"other\"}: `selector` does not match template `labels`"}},
		{"activeDeadlineSeconds", func(rs *api.ReplicaSet) { rs.Spec.Template.Spec.ActiveDeadlineSeconds = ptr(int64(5)) },
			[]string{"spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported"}},
	}
	for _, tt := range tests {
		rs := validReplicaSet()
		tt.mutate(rs)
		check(t, tt.name, ValidateObject(defaulted(rs)), tt.want)
	}
}

func TestValidateReplicaSetUpdateAndStatus(t *testing.T) {
	old := defaulted(validReplicaSet())
	old.ResourceVersion = "3"
	rs := api.DeepCopy(old)
	rs.Spec.Selector.MatchLabels["pod-template-hash"] = "abc"
	rs.Spec.Template.Labels["pod-template-hash"] = "abc"
	check(t, "selector is immutable", ValidateObjectUpdate(rs, old),
		[]string{`spec.selector: Invalid value: {"matchLabels":{"app":"web","pod-template-hash":"abc"}}: field is immutable`})

	rs = api.DeepCopy(old)
	rs.Spec.Replicas = ptr(int32(0))
	check(t, "scale to zero", ValidateObjectUpdate(rs, old), nil)

	rs = api.DeepCopy(old)
	rs.Status = api.ReplicaSetStatus{Replicas: 2, FullyLabeledReplicas: 3, ReadyReplicas: 1, AvailableReplicas: 2, ObservedGeneration: -1}
	check(t, "status", ValidateStatusUpdate(rs, old), []string{
		"status.observedGeneration: Invalid value: -1: must be greater than or equal to 0",
		"status.fullyLabeledReplicas: Invalid value: 3: cannot be greater than status.replicas",
		"status.availableReplicas: Invalid value: 2: cannot be greater than readyReplicas",
	})
}
