package validation

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

const spec = "spec.template.spec"

// TestValidateWholePodSpec: the fields a real application's manifest
// carries (issue 19) pass ValidatePodSpec together, and each family of
// mistakes gets upstream's message and path.
func TestValidateWholePodSpec(t *testing.T) {
	always := api.ContainerRestartPolicyAlways
	hostPathDir := api.HostPathType("Directory")
	tests := []struct {
		name   string
		mutate func(s *api.PodSpec)
		want   []string
	}{
		{"valid application", func(s *api.PodSpec) {
			c := &s.Containers[0]
			c.EnvFrom = []api.EnvFromSource{
				{ConfigMapRef: &api.ConfigMapEnvSource{LocalObjectReference: api.LocalObjectReference{Name: "app-config"}}},
				{Prefix: "DB_", SecretRef: &api.SecretEnvSource{LocalObjectReference: api.LocalObjectReference{Name: "db"}, Optional: ptr(true)}},
			}
			c.Env = []api.EnvVar{
				{Name: "PASSWORD", ValueFrom: &api.EnvVarSource{SecretKeyRef: &api.SecretKeySelector{
					LocalObjectReference: api.LocalObjectReference{Name: "db"}, Key: "password"}}},
				{Name: "MODE", ValueFrom: &api.EnvVarSource{ConfigMapKeyRef: &api.ConfigMapKeySelector{
					LocalObjectReference: api.LocalObjectReference{Name: "app-config"}, Key: "mode"}}},
				{Name: "CPU", ValueFrom: &api.EnvVarSource{ResourceFieldRef: &api.ResourceFieldSelector{
					Resource: "limits.cpu", Divisor: resource.MustParse("1m")}}},
			}
			c.SecurityContext = &api.SecurityContext{
				RunAsNonRoot: ptr(true), AllowPrivilegeEscalation: ptr(false), ReadOnlyRootFilesystem: ptr(true),
				Capabilities:   &api.Capabilities{Drop: []api.Capability{"ALL"}},
				SeccompProfile: &api.SeccompProfile{Type: "RuntimeDefault"},
			}
			c.VolumeMounts = []api.VolumeMount{
				{Name: "config", MountPath: "/etc/app"}, {Name: "certs", MountPath: "/certs", ReadOnly: true},
				{Name: "logs", MountPath: "/var/log/app"}, {Name: "info", MountPath: "/etc/podinfo"},
				{Name: "all", MountPath: "/all"}, {Name: "data", MountPath: "/data"}, {Name: "scratch", MountPath: "/tmp"},
			}
			s.Volumes = []api.Volume{
				{Name: "config", VolumeSource: api.VolumeSource{ConfigMap: &api.ConfigMapVolumeSource{
					LocalObjectReference: api.LocalObjectReference{Name: "app-config"}, Items: []api.KeyToPath{{Key: "app.yaml", Path: "app.yaml"}}}}},
				{Name: "certs", VolumeSource: api.VolumeSource{Secret: &api.SecretVolumeSource{SecretName: "tls"}}},
				{Name: "logs", VolumeSource: api.VolumeSource{HostPath: &api.HostPathVolumeSource{Path: "/var/log", Type: &hostPathDir}}},
				{Name: "info", VolumeSource: api.VolumeSource{DownwardAPI: &api.DownwardAPIVolumeSource{Items: []api.DownwardAPIVolumeFile{
					{Path: "labels", FieldRef: &api.ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.labels"}}}}}},
				{Name: "all", VolumeSource: api.VolumeSource{Projected: &api.ProjectedVolumeSource{Sources: []api.VolumeProjection{
					{Secret: &api.SecretProjection{LocalObjectReference: api.LocalObjectReference{Name: "db"}}},
					{ConfigMap: &api.ConfigMapProjection{LocalObjectReference: api.LocalObjectReference{Name: "app-config"}}},
				}}}},
				{Name: "data", VolumeSource: api.VolumeSource{PersistentVolumeClaim: &api.PersistentVolumeClaimVolumeSource{ClaimName: "data"}}},
				{Name: "scratch", VolumeSource: api.VolumeSource{EmptyDir: &api.EmptyDirVolumeSource{Medium: "Memory"}}},
			}
			s.InitContainers = []api.Container{
				{Name: "log-shipper", Image: "fluent-bit:3", RestartPolicy: &always, ImagePullPolicy: "IfNotPresent",
					TerminationMessagePolicy: "File",
					ReadinessProbe:           &api.Probe{ProbeHandler: api.ProbeHandler{Exec: &api.ExecAction{Command: []string{"true"}}}, TimeoutSeconds: 1, PeriodSeconds: 10, SuccessThreshold: 1, FailureThreshold: 3}},
			}
			s.HostNetwork, s.HostPID, s.HostIPC = false, true, true
			s.ServiceAccountName, s.DeprecatedServiceAccount = "app", "app"
			s.AutomountServiceAccountToken = ptr(false)
			s.Hostname, s.Subdomain = "web-0", "web"
			s.PriorityClassName = "high"
			s.SchedulerName = "default-scheduler"
			s.DNSPolicy = "None"
			s.DNSConfig = &api.PodDNSConfig{Nameservers: []string{"1.1.1.1"}, Searches: []string{"svc.cluster.local", "_srv.example.com."},
				Options: []api.PodDNSConfigOption{{Name: "ndots", Value: ptr("2")}}}
			s.HostAliases = []api.HostAlias{{IP: "10.0.0.1", Hostnames: []string{"db.local"}}}
			s.ReadinessGates = []api.PodReadinessGate{{ConditionType: "example.com/feature-1"}}
			s.Affinity = &api.Affinity{
				NodeAffinity: &api.NodeAffinity{
					RequiredDuringSchedulingIgnoredDuringExecution: &api.NodeSelector{NodeSelectorTerms: []api.NodeSelectorTerm{
						{MatchExpressions: []api.NodeSelectorRequirement{{Key: "kubernetes.io/os", Operator: "In", Values: []string{"linux"}}}}}},
					PreferredDuringSchedulingIgnoredDuringExecution: []api.PreferredSchedulingTerm{{Weight: 10,
						Preference: api.NodeSelectorTerm{MatchFields: []api.NodeSelectorRequirement{{Key: "metadata.name", Operator: "In", Values: []string{"node-1"}}}}}},
				},
				PodAntiAffinity: &api.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: []api.PodAffinityTerm{{
					LabelSelector: &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}}, TopologyKey: "kubernetes.io/hostname"}}},
				PodAffinity: &api.PodAffinity{PreferredDuringSchedulingIgnoredDuringExecution: []api.WeightedPodAffinityTerm{{Weight: 100,
					PodAffinityTerm: api.PodAffinityTerm{LabelSelector: &api.LabelSelector{MatchLabels: map[string]string{"app": "cache"}},
						TopologyKey: "topology.kubernetes.io/zone", MatchLabelKeys: []string{"pod-template-hash"}}}}},
			}
			s.TopologySpreadConstraints = []api.TopologySpreadConstraint{{MaxSkew: 1, TopologyKey: "kubernetes.io/hostname",
				WhenUnsatisfiable: "DoNotSchedule", LabelSelector: &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}}, MinDomains: ptr(int32(2))}}
			s.SecurityContext = &api.PodSecurityContext{RunAsUser: ptr(int64(1000)), FSGroup: ptr(int64(2000)),
				SupplementalGroups: []int64{3000}, Sysctls: []api.Sysctl{{Name: "net.ipv4.ip_local_port_range", Value: "1024 65535"}},
				FSGroupChangePolicy: ptr(api.PodFSGroupChangePolicy("OnRootMismatch"))}
			s.OS = &api.PodOS{Name: "linux"}
		}, nil},

		// native sidecars and container restart policies
		{"sidecar policy other than Always", func(s *api.PodSpec) {
			p := api.ContainerRestartPolicy("Sometimes")
			s.InitContainers = []api.Container{{Name: "side", Image: "busybox", RestartPolicy: &p}}
		}, []string{`spec.template.spec.initContainers[0].restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "Never", "OnFailure"`}},
		{"restart rules without a policy", func(s *api.PodSpec) {
			s.Containers[0].RestartPolicyRules = []api.ContainerRestartRule{{Action: "Restart"}}
		}, []string{
			ctr + ".restartPolicy: Required value: must specify restartPolicy when restart rules are used",
			ctr + ".restartPolicyRules[0].exitCodes: Required value: must be specified",
		}},

		// env
		{"envFrom with no source", func(s *api.PodSpec) { s.Containers[0].EnvFrom = []api.EnvFromSource{{Prefix: "X_"}} },
			[]string{ctr + ".envFrom: Invalid value: \"\": must specify one of: `configMapRef` or `secretRef`"}},
		{"envFrom without a name", func(s *api.PodSpec) {
			s.Containers[0].EnvFrom = []api.EnvFromSource{{ConfigMapRef: &api.ConfigMapEnvSource{}}}
		}, []string{ctr + ".envFrom[0].configMapRef.name: Required value"}},
		{"secretKeyRef without key", func(s *api.PodSpec) {
			s.Containers[0].Env = []api.EnvVar{{Name: "P", ValueFrom: &api.EnvVarSource{SecretKeyRef: &api.SecretKeySelector{
				LocalObjectReference: api.LocalObjectReference{Name: "db"}}}}}
		}, []string{ctr + ".env[0].valueFrom.secretKeyRef.key: Required value"}},
		{"configMapKeyRef with a bad key and two sources", func(s *api.PodSpec) {
			s.Containers[0].Env = []api.EnvVar{{Name: "P", ValueFrom: &api.EnvVarSource{
				ConfigMapKeyRef: &api.ConfigMapKeySelector{LocalObjectReference: api.LocalObjectReference{Name: "cm"}, Key: "a/b"},
				FieldRef:        &api.ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.name"}}}}
		}, []string{
			ctr + `.env[0].valueFrom.configMapKeyRef.key: Invalid value: "a/b": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`,
			ctr + ".env[0].valueFrom: Invalid value: \"\": may not have more than one field specified at a time",
		}},

		// security contexts
		{"privileged without escalation", func(s *api.PodSpec) {
			s.Containers[0].SecurityContext = &api.SecurityContext{Privileged: ptr(true), AllowPrivilegeEscalation: ptr(false),
				SeccompProfile: &api.SeccompProfile{Type: "Localhost"}}
		}, []string{
			ctr + ".securityContext.seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost",
			ctr + ".securityContext: Invalid value: \"{privileged: true, allowPrivilegeEscalation: false}\": cannot set `allowPrivilegeEscalation` to false and `privileged` to true",
		}},
		{"pod security context enums", func(s *api.PodSpec) {
			s.SecurityContext = &api.PodSecurityContext{FSGroupChangePolicy: ptr(api.PodFSGroupChangePolicy("Never")),
				Sysctls: []api.Sysctl{{Name: "Net.Bad"}}, AppArmorProfile: &api.AppArmorProfile{}}
		}, []string{
			spec + `.securityContext.sysctls[0].name: Invalid value: "Net.Bad": must have at most 253 characters and match regex ` + sysctlPattern,
			spec + `.securityContext.fsGroupChangePolicy: Unsupported value: "Never": supported values: "Always", "OnRootMismatch"`,
			spec + ".securityContext.appArmorProfile.type: Required value: type is required when appArmorProfile is set",
		}},
		{"host network sysctl", func(s *api.PodSpec) {
			s.HostNetwork = true
			s.SecurityContext = &api.PodSecurityContext{Sysctls: []api.Sysctl{{Name: "net.core.somaxconn", Value: "1024"}}}
		}, []string{spec + `.securityContext.sysctls[0].name: Invalid value: "net.core.somaxconn": may not be specified when 'hostNetwork' is true`}},

		// host namespaces
		{"host network port mismatch", func(s *api.PodSpec) {
			s.HostNetwork = true
			s.Containers[0].Ports[0].HostPort = 8080
		}, []string{ctr + ".ports[0].hostPort: Invalid value: 8080: must match `containerPort` when `hostNetwork` is true"}},
		{"shared pid with host pid", func(s *api.PodSpec) { s.HostPID, s.ShareProcessNamespace = true, ptr(true) },
			[]string{spec + ".shareProcessNamespace: Invalid value: true: ShareProcessNamespace and HostPID cannot both be enabled"}},

		// affinity
		{"node affinity mistakes", func(s *api.PodSpec) {
			s.Affinity = &api.Affinity{NodeAffinity: &api.NodeAffinity{
				RequiredDuringSchedulingIgnoredDuringExecution: &api.NodeSelector{NodeSelectorTerms: []api.NodeSelectorTerm{{
					MatchExpressions: []api.NodeSelectorRequirement{{Key: "zone", Operator: "In"}, {Key: "x", Operator: "Near"}},
					MatchFields:      []api.NodeSelectorRequirement{{Key: "metadata.labels", Operator: "In", Values: []string{"a"}}},
				}}},
				PreferredDuringSchedulingIgnoredDuringExecution: []api.PreferredSchedulingTerm{{Weight: 0}},
			}}
		}, []string{
			spec + ".affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
			spec + `.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[1].operator: Invalid value: "Near": not a valid selector operator`,
			spec + `.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].key: Invalid value: "metadata.labels": not a valid field selector key`,
			spec + ".affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100",
		}},
		{"empty node selector", func(s *api.PodSpec) {
			s.Affinity = &api.Affinity{NodeAffinity: &api.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &api.NodeSelector{}}}
		}, []string{spec + ".affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required value: must have at least one node selector term"}},
		{"anti-affinity without topology key", func(s *api.PodSpec) {
			s.Affinity = &api.Affinity{PodAntiAffinity: &api.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: []api.PodAffinityTerm{{
				LabelSelector: &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}}, MatchLabelKeys: []string{"app"}, MismatchLabelKeys: []string{"app"}}}}}
		}, []string{
			spec + `.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].matchLabelKeys[0]: Invalid value: "app": exists in both matchLabelKeys and mismatchLabelKeys`,
			spec + ".affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty",
			spec + `.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: "": name part must be non-empty`,
			spec + `.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: "": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
		}},
		{"spread constraints", func(s *api.PodSpec) {
			s.TopologySpreadConstraints = []api.TopologySpreadConstraint{
				{MaxSkew: 0, TopologyKey: "zone", WhenUnsatisfiable: "Maybe"},
				{MaxSkew: 1, TopologyKey: "zone", WhenUnsatisfiable: "ScheduleAnyway", MinDomains: ptr(int32(1))},
				{MaxSkew: 1, TopologyKey: "zone", WhenUnsatisfiable: "ScheduleAnyway"},
			}
		}, []string{
			spec + ".topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero",
			spec + `.topologySpreadConstraints[0].whenUnsatisfiable: Unsupported value: "Maybe": supported values: "DoNotSchedule", "ScheduleAnyway"`,
			spec + `.topologySpreadConstraints[1].{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, ScheduleAnyway}"`,
			spec + ".topologySpreadConstraints[1].minDomains: Invalid value: 1: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway",
		}},

		// DNS, aliases, gates
		{"dns none without servers", func(s *api.PodSpec) { s.DNSPolicy = "None"; s.DNSConfig = &api.PodDNSConfig{} },
			[]string{spec + ".dnsConfig.nameservers: Required value: must provide at least one DNS nameserver when `dnsPolicy` is None"}},
		{"dns config limits", func(s *api.PodSpec) {
			s.DNSConfig = &api.PodDNSConfig{Nameservers: []string{"1.1.1.1", "8.8.8.8", "9.9.9.9", "x"},
				Searches: []string{"Bad_Domain"}, Options: []api.PodDNSConfigOption{{}}}
		}, []string{
			spec + `.dnsConfig.nameservers: Invalid value: ["1.1.1.1","8.8.8.8","9.9.9.9","x"]: must not have more than 3 nameservers`,
			spec + `.dnsConfig.nameservers[3]: Invalid value: "x": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`,
			spec + `.dnsConfig.searches[0]: Invalid value: "Bad_Domain": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*')`,
			spec + ".dnsConfig.options[0]: Required value: must not be empty",
		}},
		{"host alias and readiness gate", func(s *api.PodSpec) {
			s.HostAliases = []api.HostAlias{{IP: "not-an-ip", Hostnames: []string{"Bad"}}}
			s.ReadinessGates = []api.PodReadinessGate{{ConditionType: "bad gate"}}
		}, []string{
			spec + `.readinessGates[0].conditionType: Invalid value: "bad gate": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
			spec + `.hostAliases[0].ip: Invalid value: "not-an-ip": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`,
			spec + `.hostAliases[0].hostnames[0]: Invalid value: "Bad": ` + subdomainMsg,
		}},
		{"ephemeral containers in a template", func(s *api.PodSpec) {
			s.EphemeralContainers = []api.EphemeralContainer{{EphemeralContainerCommon: api.EphemeralContainerCommon{
				Name: "debug", Image: "busybox", ImagePullPolicy: "IfNotPresent", TerminationMessagePolicy: "File"}}}
		}, []string{spec + ".ephemeralContainers: Forbidden: ephemeral containers not allowed in pod template"}},

		// volumes
		{"volume sources", func(s *api.PodSpec) {
			bad := api.HostPathType("Folder")
			s.Volumes = []api.Volume{
				{Name: "a", VolumeSource: api.VolumeSource{HostPath: &api.HostPathVolumeSource{Path: "/x/../y", Type: &bad}}},
				{Name: "b", VolumeSource: api.VolumeSource{Secret: &api.SecretVolumeSource{DefaultMode: ptr(int32(01000))}}},
				{Name: "c", VolumeSource: api.VolumeSource{ConfigMap: &api.ConfigMapVolumeSource{Items: []api.KeyToPath{{Key: "k"}}}}},
				{Name: "d", VolumeSource: api.VolumeSource{PersistentVolumeClaim: &api.PersistentVolumeClaimVolumeSource{}}},
				{Name: "e", VolumeSource: api.VolumeSource{EmptyDir: &api.EmptyDirVolumeSource{}, HostPath: &api.HostPathVolumeSource{Path: "/tmp"}}},
				{Name: "f", VolumeSource: api.VolumeSource{NFS: &api.NFSVolumeSource{Server: "nfs", Path: "share"}}},
			}
		}, []string{
			spec + `.volumes[0].hostPath.path: Invalid value: "/x/../y": must not contain '..'`,
			spec + `.volumes[0].hostPath.type: Unsupported value: "Folder": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"`,
			spec + ".volumes[1].secret.secretName: Required value",
			spec + ".volumes[1].secret.defaultMode: Invalid value: 512: must be a number between 0 and 0777 (octal), both inclusive",
			spec + ".volumes[2].configMap.name: Required value",
			spec + ".volumes[2].configMap.items[0].path: Required value",
			spec + ".volumes[3].persistentVolumeClaim.claimName: Required value",
			spec + ".volumes[4].hostPath: Forbidden: may not specify more than 1 volume type",
			spec + `.volumes[5].nfs.path: Invalid value: "share": must be an absolute path`,
		}},
	}
	for _, tt := range tests {
		d := validDeployment()
		tt.mutate(&d.Spec.Template.Spec)
		check(t, tt.name, ValidateObject(defaulted(d)), tt.want)
	}
}

// TestValidatePodCreateOnly: what a Pod may not have on create that a
// template check never sees.
func TestValidatePodCreateOnly(t *testing.T) {
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "p", Namespace: "default"}, Spec: validDeployment().Spec.Template.Spec}
	p.Spec.NodeName = "node-1"
	p.Spec.SchedulingGates = []api.PodSchedulingGate{{Name: "example.com/wait"}}
	p.Spec.EphemeralContainers = []api.EphemeralContainer{{EphemeralContainerCommon: api.EphemeralContainerCommon{Name: "debug", Image: "busybox"}}}
	api.SetDefaults(p)
	check(t, "pod create", ValidateObject(p), []string{
		"spec.ephemeralContainers: Forbidden: cannot be set on create",
		"spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared",
	})
}
