package apiserver_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/manifest"
)

// fullPodManifest uses every PodSpec field issue 19 lists, with the
// volume sources a real application mounts.
const fullPodManifest = `apiVersion: v1
kind: Pod
metadata:
  name: app
  namespace: default
spec:
  hostNetwork: true
  hostPID: false
  hostIPC: false
  shareProcessNamespace: true
  hostname: app-0
  subdomain: app
  priorityClassName: ""
  schedulerName: default-scheduler
  serviceAccountName: default
  automountServiceAccountToken: false
  dnsPolicy: ClusterFirstWithHostNet
  dnsConfig:
    options:
    - name: ndots
      value: "2"
  hostAliases:
  - ip: 10.0.0.1
    hostnames: [db.local]
  readinessGates:
  - conditionType: example.com/ready
  securityContext:
    runAsNonRoot: true
    runAsUser: 1000
    fsGroup: 2000
    seccompProfile:
      type: RuntimeDefault
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - key: kubernetes.io/os
            operator: In
            values: [linux]
    podAntiAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 50
        podAffinityTerm:
          labelSelector:
            matchLabels: {app: web}
          topologyKey: kubernetes.io/hostname
  topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: kubernetes.io/hostname
    whenUnsatisfiable: ScheduleAnyway
    labelSelector:
      matchLabels: {app: web}
  initContainers:
  - name: sidecar
    image: busybox:1.36
    restartPolicy: Always
  containers:
  - name: app
    image: nginx:1.27
    ports:
    - containerPort: 8080
    envFrom:
    - configMapRef:
        name: app-config
    - prefix: DB_
      secretRef:
        name: db
        optional: true
    env:
    - name: PASSWORD
      valueFrom:
        secretKeyRef: {name: db, key: password}
    securityContext:
      allowPrivilegeEscalation: false
      readOnlyRootFilesystem: true
      capabilities:
        drop: [ALL]
    volumeMounts:
    - {name: config, mountPath: /etc/app}
    - {name: certs, mountPath: /certs}
    - {name: logs, mountPath: /var/log/app}
    - {name: info, mountPath: /etc/podinfo}
    - {name: all, mountPath: /all}
    - {name: scratch, mountPath: /tmp}
    - {name: data, mountPath: /data}
  volumes:
  - name: config
    configMap:
      name: app-config
  - name: certs
    secret:
      secretName: tls
  - name: logs
    hostPath:
      path: /var/log
  - name: info
    downwardAPI:
      items:
      - path: labels
        fieldRef: {fieldPath: metadata.labels}
  - name: all
    projected:
      sources:
      - secret: {name: db}
      - configMap: {name: app-config}
  - name: scratch
    emptyDir:
      mode: 0700
  - name: data
    persistentVolumeClaim:
      claimName: data
`

// TestFullPodSpecDecodesAndDefaults: a manifest using each of those fields
// decodes strictly (no "unknown field"), passes validation, and is stored
// with upstream's defaults: hostNetwork makes the container port a host
// port (SetDefaults_Pod), the configMap and secret volumes get
// defaultMode 420 and hostPath type "", the disabled EmptyDirVolumeMode
// gate drops emptyDir.mode.
func TestFullPodSpecDecodesAndDefaults(t *testing.T) {
	objs, err := manifest.Decode([]byte(fullPodManifest))
	if err != nil {
		t.Fatal(err)
	}
	s := apiserver.New(clock.New(clock.Epoch), rand.New(rand.NewPCG(1, 2)))
	out, err := s.Create(objs[0])
	if err != nil {
		t.Fatal(err)
	}
	pod := out.(*api.Pod)
	y, err := manifest.EncodeYAML(pod)
	if err != nil {
		t.Fatal(err)
	}
	got := string(y)
	for _, want := range []string{
		"    ports:\n    - containerPort: 8080\n      hostPort: 8080\n      protocol: TCP\n",
		"  - configMap:\n      defaultMode: 420\n      name: app-config\n    name: config\n",
		"  - name: certs\n    secret:\n      defaultMode: 420\n      secretName: tls\n",
		"  - hostPath:\n      path: /var/log\n      type: \"\"\n    name: logs\n",
		"  - emptyDir: {}\n    name: scratch\n",
		"      - fieldRef:\n          apiVersion: v1\n          fieldPath: metadata.labels\n        path: labels\n",
		"    restartPolicy: Always\n",
		"  readinessGates:\n  - conditionType: example.com/ready\n",
		"    envFrom:\n    - configMapRef:\n        name: app-config\n    - prefix: DB_\n      secretRef:\n        name: db\n        optional: true\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("stored pod lacks\n%s\nin\n%s", want, got)
		}
	}
}
